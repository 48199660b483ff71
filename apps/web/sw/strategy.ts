/** How the service worker answers one request. */
export type Strategy =
  /** Not touched: the browser fetches it as if there were no worker (API calls, uploads, media). */
  | 'network'
  /** A page: the network first, the cached copy (or the cached home) when offline. */
  | 'page'
  /** A hashed build file: the cache first, it never changes. */
  | 'immutable'
  /** Icons, presets and the like: the cached copy at once, refreshed in the background. */
  | 'revalidate';

/** Paths the worker never answers: every API call, private and uploaded files, feeds and webhooks. */
const NEVER = [
  /^\/cgi-bin(\/|$)/,
  /^\/files\//,
  /^\/dev\//,
  /^\/(?:healthz|livez|readyz|metrics)$/,
  /^\/sw\.js$/,
];
const STATIC = /\.(?:png|jpe?g|webp|avif|svg|ico|woff2?)$/;

export function strategyFor(
  request: { method: string; url: string; mode?: string },
  origin: string,
): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (NEVER.some((re) => re.test(url.pathname))) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/')) return 'immutable';
  if (STATIC.test(url.pathname) || url.pathname === '/manifest.webmanifest') return 'revalidate';
  return 'network';
}

/** The build files a page's HTML loads (its entry script, styles, icons): the app shell. */
export function shellAssets(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src=|href=|import\()"(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
}
