import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  messagesFile,
  useTestApp,
  useWebDist,
  withTestApp,
  withWebDist,
  type TestApp,
} from '../../test/helpers';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("app abc123");\n'.repeat(50);
/** Any built file that is not a hashed asset (robots.txt and sitemap.xml are the server's own). */
const ROBOTS = '<svg xmlns="http://www.w3.org/2000/svg"/>';

/** What the web build writes (apps/web/vite.config.ts): each route's files, each locale's strings. */
const ROUTE_FILES = {
  routes: {
    home: { module: 'app/routes/home-route.tsx', files: ['/assets/home-1.js'], namespaces: [] },
    characterChat: {
      module: 'app/routes/character-chat-route.tsx',
      files: ['/assets/chat-route-1.js', '/assets/use-chat-1.js'],
      namespaces: ['chat'],
    },
  },
  locales: {
    en: { strings: '/assets/strings-en-1.js', chat: '/assets/chat-en-1.js' },
    ar: { strings: '/assets/strings-ar-1.js', chat: '/assets/chat-ar-1.js' },
  },
};

const site = useWebDist({
  'index.html': INDEX_HTML,
  'assets/app-abc123.js': APP_JS,
  'assets/app-abc123.js.gz': zlib.gzipSync(APP_JS),
  'favicon.svg': ROBOTS,
  'route-files.json': JSON.stringify(ROUTE_FILES),
});
// A distinctive value, so the inlined config is known to come from this server's settings.
const t = useTestApp(() => ({ env: { WEB_DIST_DIR: site.dir, DAILY_FREE_CREDITS: '37' } }));

const APP_CONFIG = /<script id="app-config" type="application\/json">([\s\S]*?)<\/script>/;

/** An app of its own with SITE_NAME set, on a site of only its index.html. */
function withSiteNamed(siteName: string, use: (other: TestApp) => Promise<void>): Promise<void> {
  return withWebDist({ 'index.html': INDEX_HTML }, (dir) =>
    withTestApp({ env: { WEB_DIST_DIR: dir, SITE_NAME: siteName } }, use),
  );
}

function htmlTag(html: string): string | undefined {
  return /<html[^>]*>/.exec(html)?.[0];
}

function appConfig(html: string): Record<string, unknown> {
  const match = APP_CONFIG.exec(html);
  expect(match, 'the app-config script').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

async function getPage(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  return res;
}

describe('pages of the site', () => {
  it.each([
    '/',
    '/pay-view',
    '/free-ai-Characters-chat/abc',
    '/free-ai-Characters-chat',
    '/search',
    '/search/anime girl',
  ])('serves %s as the English index with the app config inlined', async (url) => {
    const res = await getPage(encodeURI(url));
    expect(htmlTag(res.body)).toBe('<html lang="en" dir="ltr">');
    const config = appConfig(res.body);
    expect(config).toMatchObject({ dailyFreeCredits: 37, siteName: 'Lumi AI' });
    // The page's own text is in the root, before the app starts (content/prerender.int.test.ts).
    expect(res.body).toMatch(/<div id="root"><header[\s\S]*<h1>/);
    // The config sits in the head, once.
    expect(res.body.indexOf('id="app-config"')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body.match(/id="app-config"/g)).toHaveLength(1);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/ar/pay-view', '<html lang="ar" dir="rtl">'],
    ['/ar', '<html lang="ar" dir="rtl">'],
    ['/kr/profile', '<html lang="ko" dir="ltr">'],
    ['/io', '<html lang="id" dir="ltr">'],
    ['/zh/free-ai-Characters-chat/abc', '<html lang="zh-CN" dir="ltr">'],
    ['/fr/search', '<html lang="fr" dir="ltr">'],
  ])('serves %s with %s', async (url, tag) => {
    const res = await getPage(url);
    expect(htmlTag(res.body)).toBe(tag);
    expect(appConfig(res.body)).toMatchObject({ dailyFreeCredits: 37 });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the home page whatever the client accepts, and to HEAD', async () => {
    for (const encoding of ['gzip, deflate, br', 'identity', 'br']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(htmlTag(res.body), encoding).toBe('<html lang="en" dir="ltr">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('keeps a query string on a page', async () => {
    const res = await getPage('/?charsType=Anime');
    expect(htmlTag(res.body)).toBe('<html lang="en" dir="ltr">');
  });
});

describe('built assets', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['content-type']).toMatch(/javascript/);
    const cacheControl = String(res.headers['cache-control']);
    expect(cacheControl).toContain('max-age=31536000');
    expect(cacheControl).toContain('immutable');
  });

  it('answers the pre-compressed file to a client that accepts gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers['cache-control'])).toContain('max-age=31536000');
    expect(zlib.gunzipSync(res.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('answers a missing asset or the assets folder with a 404, not the index', async () => {
    for (const url of ['/assets/app-missing.js', '/assets/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('caches other built files briefly, not as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ROBOTS);
    const cacheControl = String(res.headers['cache-control']);
    expect(cacheControl).not.toContain('immutable');
    expect(cacheControl).not.toContain('31536000');
  });
});

describe('redirects and unknown paths', () => {
  it.each([
    ['/index.html', 301, '/'],
    ['/unknown-page', undefined, '/'],
    ['/fr/unknown', undefined, '/fr'],
    ['/ar/no/such/page', undefined, '/ar'],
    ['/en/pay-view', undefined, '/pay-view'],
    ['/en', undefined, '/'],
    ['/blogs', undefined, '/'],
  ] as const)('redirects %s', async (url, status, location) => {
    const res = await t.app.inject({ method: 'GET', url });
    if (status) expect(res.statusCode).toBe(status);
    else expect([301, 302, 307, 308]).toContain(res.statusCode);
    expect(res.headers.location).toBe(location);
  });

  it('answers unknown API calls with the 404 envelope, never HTML', async () => {
    for (const url of ['/cgi-bin/nope', '/cgi-bin/', '/cgi-bin/login/extra']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ code: 100004, message: messagesFile('en').not_found, data: null });
    }
  });

  it('answers a POST to a page with an envelope, not HTML', async () => {
    for (const url of ['/some-page', '/pay-view', '/']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const body = res.json<{ code: number; message: string; data: unknown }>();
      expect(body.code, url).not.toBe(0);
      expect(body.message, url).not.toBe('');
      expect(res.body, url).not.toContain('<html');
    }
  });
});

describe('the inlined config', () => {
  it.each([
    [
      '/free-ai-Characters-chat/7',
      ['/assets/chat-route-1.js', '/assets/use-chat-1.js', '/assets/strings-en-1.js', '/assets/chat-en-1.js'],
    ],
    [
      '/ar/free-ai-Characters-chat/7',
      ['/assets/chat-route-1.js', '/assets/use-chat-1.js', '/assets/strings-ar-1.js', '/assets/chat-ar-1.js'],
    ],
    ['/ar', ['/assets/home-1.js', '/assets/strings-ar-1.js']],
    // A route the build listed nothing for: only the locale's strings.
    ['/pay-view', ['/assets/strings-en-1.js']],
  ])('lists the files %s needs, for the browser to fetch beside the app', async (url, files) => {
    const res = await getPage(url);
    const listed = /<script id="route-files" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body);
    expect(listed, 'the route-files script').not.toBeNull();
    const start = JSON.parse(listed![1]!) as { files: string[]; module?: string; namespaces: string[] };
    expect(start.files).toEqual(files);
    expect(start.module).toBe(
      url.includes('chat')
        ? 'app/routes/character-chat-route.tsx'
        : url === '/ar'
          ? 'app/routes/home-route.tsx'
          : undefined,
    );
    expect(start.namespaces).toEqual(url.includes('chat') ? ['chat'] : []);
    expect(res.body.indexOf('id="route-files"')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('cannot break out of its script element', async () => {
    const hostile = 'a</script><b>';
    await withSiteNamed(hostile, async (other) => {
      const res = await other.app.inject({ method: 'GET', url: '/pay-view' });
      expect(res.statusCode).toBe(200);
      // Exactly one closing tag for the config element, and no injected <b> element.
      expect(res.body.match(/<\/script>/gi)).toHaveLength(1);
      expect(res.body).not.toContain('<b>');
      expect(appConfig(res.body).siteName).toBe(hostile);
      expect(res.body).toContain('a&lt;/script&gt;&lt;b&gt;');
    });
  });

  it('carries values with $ patterns verbatim', async () => {
    const dollars = "Lumi $& $' $` $$ AI";
    await withSiteNamed(dollars, async (other) => {
      const res = await other.app.inject({ method: 'GET', url: '/' });
      expect(appConfig(res.body).siteName).toBe(dollars);
      expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    });
  });
});
