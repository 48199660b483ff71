import { buildPath, isLocale, DEFAULT_LOCALE, localeInfo, type Locale } from '@lumi/contract';
import type { FastifyInstance } from 'fastify';
import type { SiteTexts } from '../modules/content/site-texts';

const THEME = '#0e0e12';

/** The manifest's address for a locale: English has none in its query, like its routes. */
export const manifestPath = (locale: Locale) =>
  locale === DEFAULT_LOCALE ? '/manifest.webmanifest' : `/manifest.webmanifest?locale=${locale}`;

/**
 * The web app manifest in a locale: the installed app opens on that locale's home, named and
 * described in its language, with the icons of public/icons.
 */
export function webManifest(locale: Locale, siteName: string, texts: SiteTexts) {
  const info = localeInfo(locale);
  return {
    id: '/',
    name: siteName,
    short_name: siteName,
    description: texts.t(locale, 'marketing', 'routes.home.description'),
    lang: info.htmlLang,
    dir: info.dir,
    start_url: `${buildPath(locale, 'home')}?source=pwa`,
    scope: '/',
    display: 'standalone',
    background_color: THEME,
    theme_color: THEME,
    categories: ['entertainment', 'lifestyle', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // Lets the page ask (getInstalledRelatedApps) whether this very app is installed.
    related_applications: [{ platform: 'webapp', url: manifestPath(locale) }],
    // Links into the site open in the installed app where the browser supports it.
    launch_handler: { client_mode: 'navigate-existing' },
    handle_links: 'preferred',
  };
}

export function registerPwa(app: FastifyInstance, options: { siteName: string; texts: SiteTexts }): void {
  app.get<{ Querystring: { locale?: string } }>('/manifest.webmanifest', (request, reply) => {
    const locale = isLocale(request.query.locale) ? request.query.locale : DEFAULT_LOCALE;
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(webManifest(locale, options.siteName, options.texts)));
  });
}
