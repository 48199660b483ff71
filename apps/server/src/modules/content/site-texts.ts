import type { Locale } from '@lumi/contract';
import type { SharedNamespace } from '@lumi/contract/shared-strings';
import { sharedList, sharedText } from '../../i18n';

export type TextNamespace = SharedNamespace;

export interface TextValues {
  site: string;
  count: number;
  email: string;
}

/**
 * The web app's strings the server shows too (@lumi/contract/shared-strings, on the server's
 * i18next instance), so each prerendered page carries the same title, description and text the
 * app shows, in every locale, from one source; `{{site}}`, `{{count}}` and `{{email}}` are this
 * site's.
 */
export class SiteTexts {
  private constructor(private readonly values: TextValues) {}

  static load(values: TextValues): SiteTexts {
    return new SiteTexts(values);
  }

  /** A string with `{{site}}`, `{{count}}`, `{{email}}` and the given extra values filled in. */
  t(locale: Locale, ns: TextNamespace, key: string, extra: Record<string, string> = {}): string {
    return sharedText(locale, ns, key, { ...this.values, ...extra });
  }

  /** A list of objects of strings (FAQ items, steps), each string filled in. */
  list(locale: Locale, ns: TextNamespace, key: string): Record<string, string>[] {
    return sharedList(locale, ns, key, { ...this.values });
  }
}
