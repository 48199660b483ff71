import {
  DEFAULT_LOCALE,
  LOCALE_CODES,
  localeInfo,
  SERVER_MESSAGES,
  type Locale,
  type MessageKey,
} from '@lumi/contract';
import { SHARED_STRINGS, type SharedNamespace } from '@lumi/contract/shared-strings';
import i18next, { type i18n, type Resource } from 'i18next';

/**
 * The server's translations on one i18next instance, as the web app formats them: the app's
 * shared namespaces (page titles, marketing text, the chat's first screen, from
 * @lumi/contract/shared-strings) and the server's own messages (`messages`: errors, mails).
 * Languages are each locale's BCP 47 tag (`ko`, `id`, `zh-CN`) as in the app (lib/i18n.ts), so
 * plurals follow the language's rules; a missing string falls back to English.
 */
export const serverLanguage = (locale: Locale): string => localeInfo(locale).htmlLang;
const language = serverLanguage;

function createServerI18n(): i18n {
  const resources: Resource = {};
  for (const locale of LOCALE_CODES)
    resources[language(locale)] = { ...SHARED_STRINGS[locale], messages: SERVER_MESSAGES[locale] };
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language(DEFAULT_LOCALE),
    fallbackLng: language(DEFAULT_LOCALE),
    supportedLngs: Object.keys(resources),
    load: 'currentOnly',
    defaultNS: 'messages',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export const serverI18n = createServerI18n();

/**
 * A server message (error, mail) in the locale, its `{{name}}` placeholders filled in. A message
 * with a number (PLURAL_MESSAGE_KEYS) takes it as `count`, which picks its plural form.
 */
export function serverMessage(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const values: Record<string, string | number> = { ...params };
  if (params.count !== undefined) values.count = Number(params.count);
  return serverI18n.t(key, { ...values, lng: language(locale), ns: 'messages' });
}

/** A string of the app's shared namespaces in the locale (`count` picks the plural form). */
export function sharedText(
  locale: Locale,
  ns: SharedNamespace,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const text: unknown = serverI18n.t(key, { ...values, lng: language(locale), ns, defaultValue: '' });
  return typeof text === 'string' ? text : '';
}

/** A list of objects of strings (FAQ items, steps) of the shared namespaces, each string filled in. */
export function sharedList(
  locale: Locale,
  ns: SharedNamespace,
  key: string,
  values: Record<string, string | number> = {},
): Record<string, string>[] {
  const list: unknown = serverI18n.t(key, { ...values, lng: language(locale), ns, returnObjects: true });
  return Array.isArray(list)
    ? list.map((item: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(item).map(([k, v]) => [k, String(v)])),
      )
    : [];
}
