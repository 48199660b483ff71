import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  buildPath,
  LEGAL_PAGES,
  ErrorCode,
  localeInfo,
  localeOfPath,
  matchRoute,
  switchLocalePath,
  type AppConfig,
  type RouteMatch,
} from '@lumi/contract';
import { serverMessage } from '../i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../lib/request-locale';
import type { PageDetails, Prerenderer } from '../modules/content/prerender';
import { manifestPath } from './pwa';
import { sendEnvelope } from './error-handler';

export interface WebOptions {
  distDir: string;
  appConfig: AppConfig;
  /** Each page's head tags and main text; without it every page answers the bare app shell. */
  prerender?: Prerenderer;
  /** A page's own subject (a public character, a shared picture) for its title and link preview. */
  pageDetails?: (match: RouteMatch) => Promise<PageDetails | undefined>;
}

/** Whether a route match carries a value from the path (a code, a search, a slug). */
const hasParams = (match: RouteMatch) => Object.values(match.params).some((v) => v !== undefined && v !== '');

/** Hashed file names never change content: cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * JSON inside a <script> element: `<` is escaped so no value can close the element.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The build's dist/route-files.json (apps/web/vite.config.ts): each route's files and each locale's strings. */
interface RouteFiles {
  routes: Record<string, { module: string; files: string[]; namespaces: string[] } | undefined>;
  locales: Record<string, Record<string, string> | undefined>;
}

/** What a page tells the app before it starts: its module and namespaces, and the files to fetch. */
export interface PageStart {
  module?: string;
  namespaces: string[];
  files: string[];
}

/**
 * What a page's first load needs beyond the app's entry: the page's own chunks, the visitor's
 * language strings and the namespaces the page shows. The page's loader asks for the files all at
 * once as the app starts, and the app renders the page itself first (issue 19), rather than one
 * import after another.
 */
function readRouteFiles(distDir: string): (match: RouteMatch) => PageStart | undefined {
  let table: RouteFiles;
  try {
    table = JSON.parse(fs.readFileSync(path.join(distDir, 'route-files.json'), 'utf8')) as RouteFiles;
  } catch {
    return () => undefined;
  }
  return ({ name, locale }) => {
    const route = table.routes[name];
    const strings = table.locales[locale] ?? {};
    const namespaces = route?.namespaces ?? [];
    return {
      module: route?.module,
      namespaces,
      files: [...(route?.files ?? []), ...['strings', ...namespaces].flatMap((key) => strings[key] ?? [])],
    };
  };
}

/**
 * Serves the built web app: files from dist (hashed assets cached long), index.html for every
 * route of the site with `<html lang dir>` set for its locale and the page's config inlined,
 * a redirect home for unknown paths, and the envelope for unknown API calls.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (template) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      // Folders are never files to send: '/' and the like go on to the page handler below.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      // Our Cache-Control below; send's own default ('max-age=0') would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(options.distDir, filePath);
        // The service worker is checked for updates on every visit.
        const cache = rel === 'sw.js' ? 'no-cache' : 'public, max-age=3600';
        res.setHeader('Cache-Control', rel.startsWith('assets') ? IMMUTABLE : cache);
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build`');
  }

  const routeFiles = readRouteFiles(options.distDir);
  const pages = new Map<string, string | null>();
  /** index.html for one route: `<html lang dir>`, its head tags and text, the config, its data. */
  const renderPage = (match: RouteMatch, details?: PageDetails): string | undefined => {
    const key = `${match.locale} ${match.name} ${JSON.stringify(match.params)}`;
    let html = details ? undefined : pages.get(key);
    if (html === undefined) {
      const info = localeInfo(match.locale);
      let page: ReturnType<Prerenderer['render']>;
      try {
        page = options.prerender?.render(match, details);
      } catch (err) {
        // The page still works without its prerendered text: the app renders it.
        app.log.error({ err, path: match.name }, 'prerendering a page failed');
        page = undefined;
      }
      if (options.prerender && !page && (match.name === 'blogArticle' || match.name in LEGAL_PAGES)) {
        html = null;
      } else {
        const start = routeFiles(match);
        const scripts =
          `<script id="app-config" type="application/json">${scriptJson(options.appConfig)}</script>` +
          (start ? `<script id="route-files" type="application/json">${scriptJson(start)}</script>` : '') +
          (page?.pageData
            ? `<script id="page-data" type="application/json">${scriptJson(page.pageData)}</script>`
            : '');
        let doc = (template ?? '')
          .replace(/<html[^>]*>/, `<html lang="${info.htmlLang}" dir="${info.dir}">`)
          .replace('href="/manifest.webmanifest"', () => `href="${manifestPath(match.locale)}"`);
        if (page) {
          doc = doc
            .replace(/<title>[\s\S]*?<\/title>\s*/, '')
            .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
            // Functions, so `$&` and the like in a text are not replacement patterns.
            .replace('</head>', () => `  ${page.head}\n  </head>`)
            .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
        }
        html = doc.replace('</head>', () => `${scripts}</head>`);
      }
      // Kept: pages without parameters, and articles that exist. Never one per visitor-typed
      // path (a search, a chat code, an unknown slug), which would grow without end.
      if (!details && (!hasParams(match) || (match.name === 'blogArticle' && html !== null)))
        pages.set(key, html);
    }
    return html ?? undefined;
  };

  app.get('/index.html', (_request, reply) => reply.redirect('/', 301));

  /** The page's subject from the database; a page without one (or a slow database) is generic. */
  const detailsFor = async (match: RouteMatch): Promise<PageDetails | undefined> => {
    if (!options.pageDetails || !hasParams(match) || match.name === 'blogArticle') return undefined;
    try {
      return await options.pageDetails(match);
    } catch (err) {
      app.log.warn({ err, path: match.name }, 'page details unavailable');
      return undefined;
    }
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/cgi-bin') || !isPage || /^\/assets\//.test(pathname)) {
      return sendEnvelope(reply, 404, {
        code: ErrorCode.NOT_FOUND,
        message: serverMessage(requestLocale(request), 'not_found'),
        data: null,
      });
    }
    const query = request.url.slice(pathname.length);
    const segments = pathname.split('/').filter(Boolean);
    if (segments[0] === 'en') return reply.redirect(switchLocalePath(pathname, 'en') + query, 301);
    const match = matchRoute(pathname);
    if (!match) return reply.redirect(switchLocalePath('/', localeOfPath(pathname)), 302);
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built: run `npm run build`.');
    }
    const html = renderPage(match, await detailsFor(match));
    // A page whose content does not exist (an unknown article) goes to its list, like any unknown path.
    if (html === undefined) {
      const to = match.name === 'blogArticle' ? 'blogList' : 'home';
      return reply.redirect(buildPath(match.locale, to) + query, 302);
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
