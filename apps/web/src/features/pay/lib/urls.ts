import { matchRoute, switchLocalePath, type Locale } from '@lumi/contract';
import { getHref } from '@/config/paths';

/**
 * Where the browser goes for a checkout URL from the server: a provider's page as it is; a
 * page of this site (the test checkout) in the visitor's language, which the server may not
 * have put in the path.
 */
export function checkoutTarget(url: string, locale: Locale, origin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return url;
  }
  if (parsed.origin !== origin || !matchRoute(parsed.pathname)) return url;
  return switchLocalePath(parsed.pathname, locale) + parsed.search + parsed.hash;
}

/** The pricing page after a checkout: `?order=<id>` when paid, `?canceled=<id>` when not. */
export function pricingReturnHref(locale: Locale, outcome: 'order' | 'canceled', orderId: string): string {
  return `${getHref(locale, 'pricing')}?${new URLSearchParams({ [outcome]: orderId }).toString()}`;
}
