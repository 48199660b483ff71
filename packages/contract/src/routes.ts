import { DEFAULT_LOCALE, isLocale, localePrefix, type Locale } from './locales';

/**
 * Every client route of spec §2, without the optional locale prefix. `:name?` is an optional
 * segment. The web router and the server's unknown-path redirect both read this table.
 */
export const ROUTES = {
  home: '/',
  charactersList: '/free-ai-Characters-list',
  createCharacter: '/free-ai-create-character',
  myCharacters: '/my-Characters-list',
  likedCharacters: '/love-Characters-list',
  recentChats: '/recent-chats',
  characterChat: '/free-ai-Characters-chat/:code?',
  search: '/search/:searchKey?',
  manageCharacter: '/manage-character',
  imageGenerator: '/free-ai-image-generator',
  aiChat: '/free-ai-chat-online',
  /** A group chat (issue 22), by its conversation id. */
  groupChat: '/group-chat/:id',
  faceSwap: '/free-ai-swap-face',
  animeGenerator: '/free-ai-anime-generator',
  girlGenerator: '/free-ai-girl-generator',
  tattooGenerator: '/free-ai-tattoo-generator',
  voiceGenerator: '/free-ai-voice-generator',
  voiceCloning: '/free-ai-voice-cloning',
  pricing: '/pay-view',
  /** A generated image its owner shared: public, for X, Facebook or a copied link. */
  imageShare: '/share/:shareId',
  /** The built-in test checkout, used when no payment provider is configured. */
  testCheckout: '/pay-test-checkout',
  profile: '/profile',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  refund: '/refund-policy',
  blogList: '/blog-list',
  blogArticle: '/blogs/:slug',
  createCharactersLanding: '/create-characters',
} as const;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export type RouteParams = Record<string, string | undefined>;

/** Builds a path: the locale prefix, then the route with its parameters filled in. */
export function buildPath(locale: Locale, name: RouteName, params: RouteParams = {}): string {
  const segments = ROUTES[name]
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`route ${name} needs parameter ${key}`);
      }
      return [encodeURIComponent(value)];
    });
  const prefix = localePrefix(locale);
  if (segments.length === 0) return prefix || '/';
  return `${prefix}/${segments.join('/')}`;
}

export interface RouteMatch {
  locale: Locale;
  name: RouteName;
  params: RouteParams;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(pattern: string, segments: readonly string[]): RouteParams | undefined {
  const params: RouteParams = {};
  let i = 0;
  for (const part of pattern.split('/').filter(Boolean)) {
    const segment = segments[i];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (segment === undefined) {
        if (optional) continue;
        return undefined;
      }
      params[part.slice(1, optional ? -1 : undefined)] = decodeSegment(segment);
    } else if (segment !== part) {
      return undefined;
    }
    i += 1;
  }
  return i === segments.length ? params : undefined;
}

/**
 * Resolves a pathname to a route and locale, or undefined when the site has no such page.
 * `/en/...` is not a match: English has no prefix.
 */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let locale: Locale = DEFAULT_LOCALE;
  const first = segments[0];
  if (first !== undefined && first !== DEFAULT_LOCALE && isLocale(first)) {
    locale = first;
    segments.shift();
  }
  for (const name of ROUTE_NAMES) {
    const params = matchPattern(ROUTES[name], segments);
    if (params) return { locale, name, params };
  }
  return undefined;
}

/** The locale a path's first segment names, English when it names none. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/').filter(Boolean)[0];
  return first !== undefined && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The same page in another locale: swaps or adds the locale segment, keeps the rest. */
export function switchLocalePath(pathname: string, to: Locale): string {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  if (first !== undefined && isLocale(first)) segments.shift();
  const rest = segments.join('/');
  const prefix = localePrefix(to);
  if (!rest) return prefix || '/';
  return `${prefix}/${rest}`;
}
