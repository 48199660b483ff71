/// <reference lib="webworker" />
// The service worker (issue 10): keeps the app shell so the site opens offline, caches build
// files and icons, and never answers an API call, so chats and credits are always live.
import { shellAssets, strategyFor } from './strategy';

declare const self: ServiceWorkerGlobalScope;
declare const BUILD_ID: string;

const CACHE = `lumi-${BUILD_ID}`;
const HOME = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const response = await fetch(HOME, { cache: 'no-cache' });
      if (response.ok) {
        await cache.put(HOME, response.clone());
        await cache.addAll(shellAssets(await response.text()));
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('lumi-') && n !== CACHE).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

async function page(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) void cache.put(request, response.clone());
    return response;
  } catch (err) {
    const cached = (await cache.match(request)) ?? (await cache.match(HOME));
    if (cached) return cached;
    throw err;
  }
}

async function immutable(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) void cache.put(request, response.clone());
  return response;
}

async function revalidate(request: Request, event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const fresh = fetch(request).then((response) => {
    if (response.ok) void cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor(request, self.location.origin);
  if (strategy === 'page') event.respondWith(page(request));
  else if (strategy === 'immutable') event.respondWith(immutable(request));
  else if (strategy === 'revalidate') event.respondWith(revalidate(request, event));
});
