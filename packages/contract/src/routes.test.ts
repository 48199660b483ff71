import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type Locale } from './locales';
import {
  buildPath,
  localeOfPath,
  matchRoute,
  ROUTE_NAMES,
  ROUTES,
  switchLocalePath,
  type RouteName,
  type RouteParams,
} from './routes';

const OTHER_LOCALES = LOCALE_CODES.filter((l) => l !== 'en');

/** The route's parameters, each filled with a sample value (required and optional alike). */
function sampleParams(name: RouteName, value = 'abc'): RouteParams {
  const params: RouteParams = {};
  for (const part of ROUTES[name].split('/')) {
    if (part.startsWith(':')) params[part.slice(1).replace(/\?$/, '')] = value;
  }
  return params;
}

/** The literal path of a route with sample parameter values, without a locale. */
function samplePath(name: RouteName): string {
  return (
    ROUTES[name]
      .split('/')
      .map((part) => (part.startsWith(':') ? 'abc' : part))
      .join('/') || '/'
  );
}

const hasRequiredParam = (name: RouteName) => /:\w+(?!\?)(\/|$)/.test(ROUTES[name]);
const hasOptionalParam = (name: RouteName) => /:\w+\?/.test(ROUTES[name]);

describe('ROUTES', () => {
  it('lists the routes of spec §2', () => {
    expect(ROUTE_NAMES).toHaveLength(Object.keys(ROUTES).length);
    const paths = Object.values(ROUTES);
    for (const path of [
      '/',
      '/free-ai-Characters-list',
      '/free-ai-create-character',
      '/my-Characters-list',
      '/love-Characters-list',
      '/recent-chats',
      '/manage-character',
      '/free-ai-image-generator',
      '/free-ai-chat-online',
      '/free-ai-swap-face',
      '/free-ai-anime-generator',
      '/free-ai-girl-generator',
      '/free-ai-tattoo-generator',
      '/free-ai-voice-generator',
      '/free-ai-voice-cloning',
      '/pay-view',
      '/profile',
      '/terms-of-service',
      '/privacy-policy',
      '/refund-policy',
    ]) {
      expect(paths).toContain(path);
    }
    expect(ROUTES.characterChat).toMatch(/^\/free-ai-Characters-chat\/:\w+\?$/);
    expect(ROUTES.search).toMatch(/^\/search\/:\w+\?$/);
  });
});

describe('matchRoute', () => {
  it.each(ROUTE_NAMES)('matches %s without a prefix (English) and with every other locale prefix', (name) => {
    const path = samplePath(name);
    const params = sampleParams(name);
    expect(matchRoute(path)).toEqual({ locale: 'en', name, params });
    for (const locale of OTHER_LOCALES) {
      const prefixed = path === '/' ? `/${locale}` : `/${locale}${path}`;
      expect(matchRoute(prefixed), prefixed).toEqual({ locale, name, params });
      expect(matchRoute(`${prefixed}/`), `${prefixed}/`).toEqual({ locale, name, params });
    }
  });

  it.each(ROUTE_NAMES)('does not match %s under /en (English has no prefix)', (name) => {
    const path = samplePath(name);
    expect(matchRoute(path === '/' ? '/en' : `/en${path}`)).toBeUndefined();
  });

  it('does not match /en/x or unknown paths', () => {
    for (const path of [
      '/en/x',
      '/x',
      '/fr/x',
      '/free-ai-Characters-list/extra',
      '/pay-view/1/2',
      '/fr/en/pay-view',
    ]) {
      expect(matchRoute(path), path).toBeUndefined();
    }
  });

  it('treats optional parameters as optional, and required ones as required', () => {
    expect(matchRoute('/free-ai-Characters-chat')).toEqual({
      locale: 'en',
      name: 'characterChat',
      params: {},
    });
    expect(matchRoute('/free-ai-Characters-chat/c-42')).toEqual({
      locale: 'en',
      name: 'characterChat',
      params: { code: 'c-42' },
    });
    expect(matchRoute('/ja/search')).toEqual({ locale: 'ja', name: 'search', params: {} });
    expect(matchRoute('/search/anime%20girl')).toEqual({
      locale: 'en',
      name: 'search',
      params: { searchKey: 'anime girl' },
    });
    expect(matchRoute('/free-ai-Characters-chat/a/b')).toBeUndefined();
    expect(matchRoute('/blogs')).toBeUndefined();
    expect(matchRoute('/blogs/hello')).toEqual({
      locale: 'en',
      name: 'blogArticle',
      params: { slug: 'hello' },
    });
    for (const name of ROUTE_NAMES.filter(hasOptionalParam)) {
      const bare = ROUTES[name].replace(/\/:\w+\?$/, '');
      expect(matchRoute(bare), bare).toEqual({ locale: 'en', name, params: {} });
    }
  });

  it('treats a locale code as a parameter value when it is not the first segment', () => {
    expect(matchRoute('/search/fr')).toEqual({ locale: 'en', name: 'search', params: { searchKey: 'fr' } });
    expect(matchRoute('/ar/search/en')).toEqual({
      locale: 'ar',
      name: 'search',
      params: { searchKey: 'en' },
    });
  });

  it('keeps a malformed percent-escape as it is rather than throwing', () => {
    expect(matchRoute('/search/100%')).toEqual({
      locale: 'en',
      name: 'search',
      params: { searchKey: '100%' },
    });
  });
});

describe('buildPath', () => {
  it('builds the home page of every locale', () => {
    expect(buildPath('en', 'home')).toBe('/');
    for (const locale of OTHER_LOCALES) expect(buildPath(locale, 'home')).toBe(`/${locale}`);
    expect(buildPath('fr', 'pricing')).toBe('/fr/pay-view');
    expect(buildPath('en', 'pricing')).toBe('/pay-view');
  });

  it('leaves out empty optional parameters and refuses missing required ones', () => {
    expect(buildPath('en', 'characterChat')).toBe('/free-ai-Characters-chat');
    expect(buildPath('en', 'characterChat', { code: '' })).toBe('/free-ai-Characters-chat');
    expect(buildPath('kr', 'search', { searchKey: 'x' })).toBe('/kr/search/x');
    expect(() => buildPath('en', 'blogArticle')).toThrow(/slug/);
    expect(() => buildPath('en', 'blogArticle', { slug: '' })).toThrow(/slug/);
  });

  const values = ['abc', 'anime girl', 'a/b?c#d', 'fr', '100%', 'café 🌙', 'x&y=z'];

  it.each(ROUTE_NAMES)('round-trips %s through matchRoute in every locale', (name) => {
    for (const locale of LOCALE_CODES) {
      for (const value of values) {
        const params = sampleParams(name, value);
        const path = buildPath(locale, name, params);
        expect(path.startsWith('/'), path).toBe(true);
        expect(matchRoute(path), `${locale} ${name} ${value}: ${path}`).toEqual({ locale, name, params });
      }
      if (!hasRequiredParam(name)) {
        expect(matchRoute(buildPath(locale, name)), `${locale} ${name}`).toEqual({
          locale,
          name,
          params: {},
        });
      }
    }
  });
});

describe('switchLocalePath', () => {
  it('adds, swaps and removes the locale segment', () => {
    expect(switchLocalePath('/pay-view', 'fr')).toBe('/fr/pay-view');
    expect(switchLocalePath('/fr/pay-view', 'ar')).toBe('/ar/pay-view');
    expect(switchLocalePath('/fr/pay-view', 'en')).toBe('/pay-view');
    expect(switchLocalePath('/', 'kr')).toBe('/kr');
    expect(switchLocalePath('/kr', 'en')).toBe('/');
    expect(switchLocalePath('/kr/', 'io')).toBe('/io');
    expect(switchLocalePath('/en/pay-view', 'en')).toBe('/pay-view');
    expect(switchLocalePath('/search/anime%20girl', 'ja')).toBe('/ja/search/anime%20girl');
    // Only the first segment is a locale.
    expect(switchLocalePath('/search/fr', 'es')).toBe('/es/search/fr');
  });

  it.each(ROUTE_NAMES)('moves %s between every pair of locales', (name) => {
    const params = sampleParams(name, 'a b');
    for (const from of LOCALE_CODES) {
      for (const to of LOCALE_CODES) {
        expect(switchLocalePath(buildPath(from, name, params), to), `${from} -> ${to}`).toBe(
          buildPath(to, name, params),
        );
      }
    }
  });
});

describe('localeOfPath', () => {
  it('reads the first segment, English otherwise', () => {
    const cases: [string, Locale][] = [
      ['/', 'en'],
      ['/pay-view', 'en'],
      ['/ar/pay-view', 'ar'],
      ['/io', 'io'],
      ['/search/fr', 'en'],
      ['/unknown/page', 'en'],
    ];
    for (const [path, locale] of cases) expect(localeOfPath(path), path).toBe(locale);
  });
});
