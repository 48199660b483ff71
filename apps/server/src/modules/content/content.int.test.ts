import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, LEGAL_PAGES, LOCALE_CODES, localeInfo, type ContentDocument } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp, messagesFile } from '../../../test/helpers';
import { contentDir } from '../../paths';

const LEGAL = Object.values(LEGAL_PAGES);
const ARTICLES = fs.readdirSync(path.join(contentDir(), 'blog'));

const t = useTestApp();

async function get<T>(url: string, locale: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-locale': locale } });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: T }>() };
}

describe('legal pages and blog', () => {
  it('has at least 6 articles', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(6);
  });

  it.each(LOCALE_CODES)(
    '%s: every legal page is written in the language, true to the product',
    async (locale) => {
      const texts: string[] = [];
      for (const slug of LEGAL) {
        const { body } = await get<ContentDocument>(`/cgi-bin/content/legal/${slug}`, locale);
        expect(body.code, slug).toBe(0);
        expect(body.data.locale, `${slug} is translated into ${locale}`).toBe(locale);
        expect(body.data.html.length, slug).toBeGreaterThan(1000);
        texts.push(body.data.html);
      }
      const [terms, privacy, refund] = texts as [string, string, string];
      // The promises the product makes, in every language: the $10 cap, deletion within 72 hours,
      // the 5-15 minute delay, 18+ only, and the support address to write to.
      expect(terms).toMatch(/10/);
      expect(terms).toMatch(/18/);
      expect(privacy).toMatch(/72/);
      expect(refund).toMatch(/5\D{1,8}15/);
      expect(privacy).toContain('support@lumi.example');
      if (locale !== 'en') {
        const english = (await get<ContentDocument>(`/cgi-bin/content/legal/${LEGAL[0]}`, 'en')).body.data;
        expect(terms).not.toBe(english.html);
      }
    },
  );

  it.each(LOCALE_CODES)('%s: the blog lists every article in the language, newest first', async (locale) => {
    const { body } = await get<{ list: ContentDocument[] }>('/cgi-bin/content/blog', locale);
    expect(body.data.list.map((a) => a.slug).sort()).toEqual([...ARTICLES].sort());
    for (const article of body.data.list) expect(article.locale, article.slug).toBe(locale);
    const dates = body.data.list.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers an unknown page with a translated not-found envelope', async () => {
    for (const url of ['/cgi-bin/content/legal/cookie-policy', '/cgi-bin/content/blog/no-such-article']) {
      const { status, body } = await get(url, 'fr');
      expect(status).toBe(404);
      expect(body.code).toBe(ErrorCode.NOT_FOUND);
      expect(body.message).toBe(messagesFile('fr').not_found);
    }
  });
});

describe('the manifest', () => {
  it.each(['en', 'ar', 'io'] as const)(
    '%s: names the app, opens on the locale home, has its icons',
    async (locale) => {
      const url = locale === 'en' ? '/manifest.webmanifest' : `/manifest.webmanifest?locale=${locale}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toContain('application/manifest+json');
      const manifest = res.json<{
        name: string;
        lang: string;
        dir: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; purpose: string }[];
      }>();
      expect(manifest.name).toBe('Lumi AI');
      expect(manifest.lang).toBe(localeInfo(locale).htmlLang);
      expect(manifest.dir).toBe(localeInfo(locale).dir);
      expect(manifest.start_url).toBe(locale === 'en' ? '/?source=pwa' : `/${locale}?source=pwa`);
      expect(manifest.display).toBe('standalone');
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
      for (const icon of manifest.icons) {
        expect(
          fs.existsSync(path.resolve(contentDir(), '../apps/web/public', `.${icon.src}`)),
          icon.src,
        ).toBe(true);
      }
    },
  );
});
