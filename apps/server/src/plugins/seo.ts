import {
  buildPath,
  LOCALE_CODES,
  localeInfo,
  ROUTES,
  type Locale,
  type RouteName,
  type RouteParams,
} from '@lumi/contract';
import type { FastifyInstance } from 'fastify';

export interface SitemapArticle {
  slug: string;
  locales: readonly Locale[];
}

/** Pages worth finding from a search engine: public, without parameters, the same for everyone. */
export const SITEMAP_ROUTES: readonly RouteName[] = (Object.keys(ROUTES) as RouteName[]).filter(
  (name) =>
    !ROUTES[name].includes(':') &&
    ![
      'manageCharacter',
      'myCharacters',
      'likedCharacters',
      'recentChats',
      'profile',
      'testCheckout',
    ].includes(name),
);

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml: every public page and blog article in every locale, each with its hreflang
 * alternates (an article's alternates are the locales it is written in).
 */
export function sitemapXml(publicUrl: string, articles: readonly SitemapArticle[] = []): string {
  const entries = (name: RouteName, params: RouteParams, locales: readonly Locale[]) => {
    const href = (locale: Locale) => escapeXml(publicUrl + buildPath(locale, name, params));
    const alternates = locales
      .map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${localeInfo(locale).htmlLang}" href="${href(locale)}"/>`,
      )
      .join('');
    const fallback = `<xhtml:link rel="alternate" hreflang="x-default" href="${href('en')}"/>`;
    return locales.map((locale) => `<url><loc>${href(locale)}</loc>${alternates}${fallback}</url>`);
  };
  const urls = [
    ...SITEMAP_ROUTES.flatMap((name) => entries(name, {}, LOCALE_CODES)),
    ...articles.flatMap(({ slug, locales }) => entries('blogArticle', { slug }, locales)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

/** robots.txt: the API, the test checkout and the management page stay out of search engines. */
export function robotsTxt(publicUrl: string, staging: boolean): string {
  if (staging) return 'User-agent: *\nDisallow: /\n';
  const manage = LOCALE_CODES.map((locale) => `Disallow: ${buildPath(locale, 'manageCharacter')}`);
  const checkout = LOCALE_CODES.map((locale) => `Disallow: ${buildPath(locale, 'testCheckout')}`);
  return [
    'User-agent: *',
    'Disallow: /cgi-bin/',
    'Disallow: /files/private/',
    ...new Set([...manage, ...checkout]),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * robots.txt and sitemap.xml, and https for the hosts that must use it (by the proxy's
 * X-Forwarded-Proto when TRUST_PROXY is on): a plain-http request there is redirected (301).
 * Staging hosts (MANAGE_BLOCKED_HOSTS) keep search engines out entirely.
 */
export function registerSeo(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    httpsHosts: ReadonlySet<string>;
    stagingHosts: ReadonlySet<string>;
    articles?: readonly SitemapArticle[];
  },
): void {
  const hostOf = (host: string | undefined) => (host ?? '').split(':')[0]?.toLowerCase() ?? '';
  if (options.httpsHosts.size > 0) {
    app.addHook('onRequest', async (request, reply) => {
      const host = hostOf(request.hostname);
      if (options.httpsHosts.has(host) && request.protocol !== 'https') {
        return reply.redirect(`https://${request.hostname}${request.url}`, 301);
      }
      return undefined;
    });
  }
  const sitemap = sitemapXml(options.publicUrl, options.articles);
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
  app.get('/robots.txt', (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(options.publicUrl, options.stagingHosts.has(hostOf(request.hostname)))),
  );
}
