import { buildPath, type Locale, type RouteName, type RouteParams } from '@lumi/contract';

export { ROUTES, type RouteName } from '@lumi/contract';

/** The one way components build a link: route name, locale and params, never string-built. */
export function getHref(locale: Locale, name: RouteName, params?: RouteParams): string {
  return buildPath(locale, name, params);
}
