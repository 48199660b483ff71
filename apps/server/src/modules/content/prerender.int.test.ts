import { LOCALE_CODES, localeInfo, type ContentDocument, type PageData } from '@lumi/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { characters } from '../../db/schema';
import { loginTourist, makeCharacter, useTestApp, useWebDist } from '../../../test/helpers';

/** The built index.html's shape: default title and description, the manifest, the app's loader. */
const INDEX_HTML = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>Default title</title>
    <meta
      name="description"
      content="Default description"
    />
    <link rel="manifest" href="/manifest.webmanifest" />
  </head>
  <body>
    <div id="root"></div>
    <script type="module">import("/assets/index-abc.js")</script>
  </body>
</html>`;

const PUBLIC_URL = 'https://lumi.example';
const site = useWebDist({ 'index.html': INDEX_HTML }, 'lumi-prerender-');
const t = useTestApp(() => ({ env: { WEB_DIST_DIR: site.dir, PUBLIC_URL, CHARACTER_AUTO_APPROVE: 'true' } }));

async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const html = res.body;
  const head = html.slice(0, html.indexOf('</head>'));
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? '';
  const attr = (re: RegExp) => re.exec(head)?.[1];
  return {
    html,
    head,
    /** The page's text as the server sends it, before any script. */
    root,
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    alternates: [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]),
  };
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('prerendered pages', () => {
  it.each(LOCALE_CODES)(
    '%s: a tool page has its own head, hreflang set and main text before scripts',
    async (locale) => {
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const p = await page(`${prefix}/free-ai-image-generator`);
      const info = localeInfo(locale);
      expect(p.html).toContain(`<html lang="${info.htmlLang}" dir="${info.dir}">`);
      expect(p.title).toBeTruthy();
      expect(p.title).not.toBe('Default title');
      expect(p.head.match(/<title>/g)).toHaveLength(1);
      expect(p.head.match(/name="description"/g)).toHaveLength(1);
      expect(p.description!.length).toBeGreaterThan(40);
      expect(p.canonical).toBe(`${PUBLIC_URL}${prefix}/free-ai-image-generator`);
      expect(p.alternates).toHaveLength(LOCALE_CODES.length + 1);
      expect(p.alternates).toContainEqual(['x-default', `${PUBLIC_URL}/free-ai-image-generator`]);
      expect(p.alternates).toContainEqual(['id', `${PUBLIC_URL}/io/free-ai-image-generator`]);
      expect(p.head).toContain(`<meta property="og:title" content="${p.title}" />`);
      expect(p.head).toContain(`<meta property="og:url" content="${p.canonical}" />`);
      expect(p.head).toContain(`<meta property="og:image" content="${PUBLIC_URL}/icons/og-image.png" />`);
      expect(p.head).toContain(`href="/manifest.webmanifest${locale === 'en' ? '' : `?locale=${locale}`}"`);
      // The page's text: its heading, the marketing text and the FAQ, in the locale.
      expect(p.root).toMatch(/<h1>[^<]+<\/h1>/);
      expect(p.root.match(/<h3>/g)?.length).toBeGreaterThanOrEqual(4);
      expect(textOf(p.root).length).toBeGreaterThan(600);
    },
  );

  it('writes each locale in its own language, not English', async () => {
    const english = await page('/free-ai-voice-generator');
    for (const locale of LOCALE_CODES.filter((l) => l !== 'en')) {
      const p = await page(`/${locale}/free-ai-voice-generator`);
      expect(p.title, locale).not.toBe(english.title);
      expect(p.description, locale).not.toBe(english.description);
      expect(textOf(p.root), locale).not.toContain('Frequently asked questions');
    }
  });

  it('sends a legal page with its text, date and data for the app, and a translated title', async () => {
    const p = await page('/ar/privacy-policy');
    expect(p.html).toContain('<html lang="ar" dir="rtl">');
    expect(p.title).toMatch(/ \| Lumi AI$/);
    expect(p.root).toContain('<article');
    expect(p.root).toContain('72');
    expect(p.root).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}">/);
    const data = JSON.parse(
      /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(p.html)![1]!,
    ) as PageData & { data: ContentDocument };
    expect(data.key).toBe('legal/privacy-policy/ar');
    expect(data.data.locale).toBe('ar');
    expect(p.canonical).toBe(`${PUBLIC_URL}/ar/privacy-policy`);
  });

  it('sends the blog list with links to every article, and each article as an article', async () => {
    const list = await page('/ja/blog-list');
    const links = [...list.root.matchAll(/href="(\/ja\/blogs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(6);
    const article = await page(links[0]!);
    expect(article.head).toContain('<meta property="og:type" content="article" />');
    expect(article.canonical).toBe(PUBLIC_URL + links[0]);
    expect(textOf(article.root).length).toBeGreaterThan(1000);
  });

  it('sends an unknown article to the blog list, keeping the locale', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fr/blogs/no-such-article' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/fr/blog-list');
  });

  it('keeps private pages out of search engines, and public ones in', async () => {
    for (const url of ['/profile', '/my-Characters-list', '/recent-chats', '/manage-character']) {
      expect((await page(url)).head, url).toContain('<meta name="robots" content="noindex" />');
    }
    for (const url of ['/', '/create-characters', '/terms-of-service']) {
      expect((await page(url)).head, url).not.toContain('noindex');
    }
  });

  it('sends pages with a path value (a chat, a search, a share) with their own canonical address', async () => {
    const chat = await page('/fr/free-ai-Characters-chat/abc123');
    expect(chat.canonical).toBe(`${PUBLIC_URL}/fr/free-ai-Characters-chat/abc123`);
    const share = await page('/share/no-such-share');
    expect(share.canonical).toBe(`${PUBLIC_URL}/share/no-such-share`);
    const search = await page(`/search/${encodeURIComponent('anime girl')}`);
    expect(search.head).toContain('<meta name="robots" content="noindex" />');
    expect((await page('/search')).head).not.toContain('noindex');
  });

  it("titles a public character's page with its name, description and picture; never a private or adult one", async () => {
    const owner = await loginTourist(t.app);
    const open = await makeCharacter(t, owner, { visibility: 'public', name: 'Captain <Vey>' });
    const hidden = await makeCharacter(t, owner, { visibility: 'private', name: 'Secret Sable' });
    const adult = await makeCharacter(t, owner, { visibility: 'public', name: 'Velvet Noir' });
    // Marked adult as a moderator would (creating one needs the adult setting on an account).
    await t.database.db.update(characters).set({ nsfw: true }).where(eq(characters.id, adult.id));

    const p = await page(`/fr/free-ai-Characters-chat/${open.id}`);
    expect(p.title).toBe('Captain &lt;Vey&gt; | Lumi AI');
    expect(p.description).toContain('lighthouse keeper');
    expect(p.head).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/files/[^"]+" />`));
    // The chat as the app first draws it: its heading, the AI notice, the greeting in its bubble
    // (Markdown's *action* in italics, every value escaped), the message box; the description
    // where the profile goes on wide screens.
    expect(p.root).toContain('<h1 class="sr-only">Discussion avec Captain &lt;Vey&gt;</h1>');
    expect(p.root).toContain('<bdi>Captain &lt;Vey&gt;</bdi>');
    expect(p.root).toContain('Captain &lt;Vey&gt; est un personnage IA.');
    expect(p.root).toContain(
      '<p class="whitespace-pre-line [&amp;:not(:first-child)]:mt-2"><em class="text-muted italic">She looks up from her logbook.</em> Another storm, another visitor. Tea?</p>',
    );
    expect(p.root).toMatch(/<img src="\/files\/[^"]+-402\.webp" alt="" width="36" height="36"/);
    expect(p.root).toMatch(/<aside [^>]*><h2[^>]*>Captain &lt;Vey&gt;<\/h2><p[^>]*>[^<]*lighthouse keeper/);
    expect(p.root).toContain('Écrire à \u2068Captain &lt;Vey&gt;\u2069…');
    // The chat fills the screen with no footer under it, as in the app.
    expect(p.root).not.toContain('<footer');

    for (const other of [hidden, adult]) {
      const generic = await page(`/free-ai-Characters-chat/${other.id}`);
      expect(generic.html).not.toContain(other.name);
      expect(generic.root).toContain('<footer class="prerender">');
      expect(generic.head).toContain(`content="${PUBLIC_URL}/icons/og-image.png"`);
    }
    expect((await page('/free-ai-Characters-chat/99999999')).head).toContain('/icons/og-image.png');
  });

  it('sends the create-characters landing page with its steps and questions', async () => {
    const p = await page('/es/create-characters');
    expect(p.root.match(/<h3>/g)?.length).toBeGreaterThanOrEqual(3 + 4 + 4);
    expect(p.root).toContain('href="/es/free-ai-create-character"');
  });

  it('escapes what it writes into the head', async () => {
    const p = await page('/');
    expect(p.title).not.toMatch(/[<>]/);
    expect(p.html.indexOf('<div id="root">')).toBeLessThan(p.html.indexOf('<script type="module">'));
  });
});

describe('sitemap.xml', () => {
  it('lists every article in every locale it is written in', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const articles = xml.match(/<loc>[^<]*\/blogs\/[^<]*<\/loc>/g) ?? [];
    expect(articles.length).toBeGreaterThanOrEqual(6 * LOCALE_CODES.length);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/kr/blogs/face-swap-tips</loc>`);
  });
});
