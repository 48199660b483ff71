import { describe, expect, it } from 'vitest';
import { shellAssets, strategyFor } from './strategy';

const origin = 'https://lumi.example';
const get = (path: string, mode = 'cors') => strategyFor({ method: 'GET', url: origin + path, mode }, origin);

describe('service worker strategy', () => {
  it('never answers API calls, files, uploads or other origins', () => {
    expect(get('/cgi-bin/auth/credit/remain')).toBe('network');
    expect(get('/cgi-bin/content/blog')).toBe('network');
    expect(get('/files/private/abc.png?sig=1')).toBe('network');
    expect(get('/files/images/a.webp')).toBe('network');
    expect(
      strategyFor({ method: 'POST', url: `${origin}/free-ai-image-generator`, mode: 'navigate' }, origin),
    ).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'https://cdn.example/x.png' }, origin)).toBe('network');
    expect(get('/cgi-bin/auth/chat/send', 'navigate')).toBe('network');
    // Health and metrics are the server's own answer, never a cached one, even opened as a page.
    for (const path of ['/healthz', '/livez', '/readyz', '/metrics'])
      expect(get(path, 'navigate')).toBe('network');
  });

  it('keeps pages network-first, build files cache-first, icons revalidated', () => {
    expect(get('/fr/free-ai-image-generator', 'navigate')).toBe('page');
    expect(get('/assets/index-abc123.js')).toBe('immutable');
    expect(get('/icons/icon-192.png')).toBe('revalidate');
    expect(get('/manifest.webmanifest')).toBe('revalidate');
    expect(get('/sitemap.xml')).toBe('network');
  });

  it('finds the app shell in a page', () => {
    const html =
      '<link rel="modulepreload" href="/assets/vendor-B2.js"><link rel="stylesheet" href="/assets/index-C3.css"><link rel="icon" href="/favicon.svg"><script type="module">requestAnimationFrame(()=>setTimeout(()=>import("/assets/index-A1.js")))</script>';
    expect(shellAssets(html)).toEqual([
      '/assets/vendor-B2.js',
      '/assets/index-C3.css',
      '/assets/index-A1.js',
    ]);
  });
});
