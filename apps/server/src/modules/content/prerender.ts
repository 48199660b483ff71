import {
  buildPath,
  CHAT_TEXT_CLASSES,
  DEFAULT_LOCALE,
  escapeHtml,
  LEGAL_PAGES,
  HOME_FAQ,
  isolate,
  LOCALE_CODES,
  localeInfo,
  MARKETED_TOOLS,
  pageDataKey,
  plainChatHtml,
  plainChatParagraphs,
  type ContentDocument,
  type Locale,
  type PageData,
  type RouteMatch,
  type RouteName,
} from '@lumi/contract';
import type { ContentLibrary } from './content-library';
import type { SiteTexts } from './site-texts';

/** Open Graph wants language_TERRITORY. */
const OG_LOCALE: Record<Locale, string> = {
  en: 'en_US',
  zh: 'zh_CN',
  ja: 'ja_JP',
  ar: 'ar_AR',
  fr: 'fr_FR',
  io: 'id_ID',
  kr: 'ko_KR',
  pt: 'pt_BR',
  ru: 'ru_RU',
  es: 'es_ES',
  vi: 'vi_VN',
};

/** Pages that belong to one visitor: never indexed. */
const PRIVATE: ReadonlySet<RouteName> = new Set([
  'myCharacters',
  'likedCharacters',
  'recentChats',
  'manageCharacter',
  'profile',
  'testCheckout',
]);

/** A page's own subject, from the database: a public character, a shared picture. */
export interface PageDetails {
  title?: string;
  description: string;
  /** Its picture, absolute or under the site (`/files/...`). */
  image: string;
  imageWidth?: number;
  imageHeight?: number;
  /** A character's chat: what it opens with, drawn as the app draws it. */
  chat?: { greeting: string; creator: string; avatar: string };
}

/**
 * A chat message's Markdown as the app draws it, for the prerendered greeting. Plain text
 * (paragraphs, *actions*, **bold**) is read by the contract exactly as the app reads it, so the
 * app's first paint is the same to the pixel; anything richer is shown as its paragraphs with
 * the simplest emphasis, and the app redraws it.
 */
export function chatParagraphs(text: string): string {
  const plain = plainChatParagraphs(text);
  if (plain) return plainChatHtml(plain);
  const p = (html: string) => `<p class="${escapeHtml(CHAT_TEXT_CLASSES.p)}">${html}</p>`;
  return text
    .trim()
    .split(/\n[ \t]*\n+/)
    .map((paragraph) =>
      p(
        escapeHtml(paragraph.trim())
          .replace(/\*\*([^*\n]+?)\*\*/g, `<strong class="${CHAT_TEXT_CLASSES.strong}">$1</strong>`)
          .replace(/\*([^*\n]+?)\*/g, `<em class="${CHAT_TEXT_CLASSES.em}">$1</em>`),
      ),
    )
    .join('\n');
}

/** A description as search engines and link previews show it: one line, at most 160 characters. */
export function snippet(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** What the server puts into index.html for one page: head tags, main text, and its data. */
export interface PrerenderedPage {
  head: string;
  body: string;
  pageData?: PageData;
}

export interface PrerenderOptions {
  publicUrl: string;
  siteName: string;
  content: ContentLibrary;
  texts: SiteTexts;
}

/**
 * The HTML every public route answers before any script runs (issue 10): its own title,
 * description, canonical and hreflang links, Open Graph tags, and the page's main text, built
 * from the same translations and Markdown the app shows.
 */
export class Prerenderer {
  constructor(private readonly options: PrerenderOptions) {}

  /**
   * The page for a matched route, or undefined when its content does not exist (an unknown
   * article). The web plugin keeps the finished HTML of pages that are the same on every visit.
   */
  render({ locale, name, params }: RouteMatch, details?: PageDetails): PrerenderedPage | undefined {
    const { texts, content } = this.options;
    const t = (
      ns: 'marketing' | 'pages' | 'characters' | 'chat',
      key: string,
      extra?: Record<string, string>,
    ) => texts.t(locale, ns, key, extra);
    let title = t('marketing', `routes.${name}.title`);
    let description = t('marketing', `routes.${name}.description`);
    let main: string;
    let ogType = 'website';
    let textLocales: readonly Locale[] = LOCALE_CODES;
    let pageData: PageData | undefined;
    /** Documents bring their own layout (the app's); other pages sit in the plain text column. */
    let wide = false;
    /** A full-screen page (the chat): no footer, as in the app. */
    let bare = false;

    const legalSlug = LEGAL_PAGES[name as keyof typeof LEGAL_PAGES];
    if (legalSlug || name === 'blogArticle') {
      // A legal page or an article: its own title, description, languages and whole text.
      const doc = legalSlug
        ? content.legal(legalSlug, locale)
        : params.slug
          ? content.article(params.slug, locale)
          : undefined;
      if (!doc) return undefined;
      title = `${doc.title} | ${this.options.siteName}`;
      description = doc.description;
      textLocales = content.localesOf(legalSlug ? 'legal' : 'blog', doc.slug);
      main = this.document(locale, doc, legalSlug ? 'legal.updated' : 'blog.published');
      wide = true;
      if (!legalSlug) ogType = 'article';
      pageData = {
        key: legalSlug ? pageDataKey.legal(legalSlug, locale) : pageDataKey.article(doc.slug, locale),
        data: doc,
      };
    } else if (name === 'blogList') {
      const list = content.articles(locale);
      const items = list
        .map(
          (a) =>
            `<li><h2><a href="${buildPath(locale, 'blogArticle', { slug: a.slug })}">${escapeHtml(a.title)}</a></h2><p>${escapeHtml(a.description)}</p></li>`,
        )
        .join('');
      main = `<h1>${escapeHtml(t('marketing', 'blog.heading'))}</h1><p>${escapeHtml(t('marketing', 'blog.intro'))}</p><ul class="prerender-list">${items}</ul>`;
      pageData = { key: pageDataKey.blogList(locale), data: { list } };
    } else if (details) {
      if (details.title) title = `${details.title} | ${this.options.siteName}`;
      description = snippet(details.description);
      if (name === 'characterChat' && details.chat && details.title) {
        main = this.chat(locale, details.title, details.description, details.chat);
        wide = true;
        bare = true;
      } else {
        main = `<h1>${escapeHtml(details.title ?? t('pages', `${name}.title`))}</h1><p>${escapeHtml(description)}</p>`;
      }
    } else if (name === 'createCharactersLanding') {
      main = this.landing(locale);
    } else {
      main = `<h1>${escapeHtml(t('pages', `${name}.title`))}</h1><p>${escapeHtml(description)}</p>`;
      if ((MARKETED_TOOLS as readonly string[]).includes(name)) main += this.toolSection(locale, name);
      if (name === 'home' || name === 'charactersList') main += this.homeSection(locale);
    }

    const canonicalLocale = textLocales.includes(locale) ? locale : DEFAULT_LOCALE;
    const picture = details?.image ?? '/icons/og-image.png';
    const image = picture.startsWith('/') ? this.options.publicUrl + picture : picture;
    const url = (l: Locale) => this.options.publicUrl + buildPath(l, name, params);
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      // Private pages, and searches (endless, thin): out of the index, links still followed.
      PRIVATE.has(name) || (name === 'search' && params.searchKey)
        ? '<meta name="robots" content="noindex" />'
        : '',
      `<link rel="canonical" href="${escapeHtml(url(canonicalLocale))}" />`,
      ...textLocales.map(
        (l) => `<link rel="alternate" hreflang="${localeInfo(l).htmlLang}" href="${escapeHtml(url(l))}" />`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url(DEFAULT_LOCALE))}" />`,
      `<meta property="og:type" content="${ogType}" />`,
      `<meta property="og:site_name" content="${escapeHtml(this.options.siteName)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url(canonicalLocale))}" />`,
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      details?.imageWidth ? `<meta property="og:image:width" content="${details.imageWidth}" />` : '',
      details?.imageHeight ? `<meta property="og:image:height" content="${details.imageHeight}" />` : '',
      `<meta property="og:locale" content="${OG_LOCALE[locale]}" />`,
      '<meta name="twitter:card" content="summary_large_image" />',
    ]
      .filter(Boolean)
      .join('\n    ');

    // The chat fills the screen under the header with no footer, as the app draws it.
    const footer = bare ? '' : `<footer class="prerender">${this.nav(locale)}</footer>`;
    const body = `${this.header(locale)}<main class="${wide ? '' : 'prerender'}">${main}</main>${footer}`;
    return { head, body, pageData };
  }

  /** The same markup and classes as the app's DocumentView, so the text does not move when it takes over. */
  private document(locale: Locale, doc: ContentDocument, dateKey: string): string {
    const date = new Intl.DateTimeFormat(localeInfo(locale).htmlLang, {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${doc.date}T00:00:00Z`));
    const lang = doc.locale === locale ? '' : ` lang="${localeInfo(doc.locale).htmlLang}"`;
    return `<article class="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12"><div${lang}><h1 class="text-2xl font-extrabold tracking-tight text-balance sm:text-[2rem]">${escapeHtml(doc.title)}</h1><p class="text-muted mt-3 text-sm"><time datetime="${doc.date}">${escapeHtml(
      this.options.texts.t(locale, 'marketing', dateKey, { date }),
    )}</time></p><div class="prose-content mt-8">${doc.html}</div></div></article>`;
  }

  /**
   * A character's chat as the app first shows it (issue 19): its bar, the AI notice and the
   * greeting, in the app's own markup and classes (character-chat-route, chat-view, message-item),
   * so the reader sees the greeting at once and nothing moves when the app takes over. Like the
   * app's, the conversation starts scrolled to its end (a reversed column does that without a
   * script). The description sits where the app's profile goes on wide screens.
   */
  private chat(
    locale: Locale,
    name: string,
    description: string,
    chat: NonNullable<PageDetails['chat']>,
  ): string {
    const t = (key: string, values: Record<string, string>) =>
      escapeHtml(this.options.texts.t(locale, 'chat', key, values));
    const avatar = `<img src="${escapeHtml(chat.avatar)}" alt="" width="36" height="36" class="bg-surface-2 rounded-full object-cover" style="width:36px;height:36px" />`;
    const bar = `<div class="border-line/60 flex h-14 shrink-0 items-center gap-2 border-b px-2 sm:px-4"><span class="h-10 w-10 shrink-0"></span><div class="flex min-w-0 flex-1 items-center gap-2.5 py-1 pe-3">${avatar}<span class="min-w-0"><span dir="auto" class="block truncate text-base leading-tight font-bold rtl:text-right"><bdi>${escapeHtml(name)}</bdi></span><span class="text-muted block truncate text-xs">${t('by', { name: isolate(chat.creator) })}</span></span></div></div>`;
    const notice = `<p role="note" class="text-faint mb-4 flex items-start justify-center gap-1.5 px-2 text-center text-xs leading-relaxed text-balance"><span class="mt-px h-3.5 w-3.5 shrink-0"></span><span>${t('disclosure.character', { name })}</span></p>`;
    const greeting = chat.greeting.trim()
      ? `<ol class="space-y-3"><li class="group flex gap-2.5"><div class="mt-1 shrink-0">${avatar}</div><div class="flex max-w-[85%] min-w-0 flex-col sm:max-w-[75%]"><div dir="auto" class="bg-surface-2 text-fg rounded-2xl rounded-ss-md px-4 py-2.5 text-[0.9375rem] leading-relaxed break-words">${chatParagraphs(chat.greeting)}</div><div class="mt-1 min-h-8"></div></div></li></ol>`
      : '';
    // The message box, not yet usable: the same place and height as the app's.
    const composer = `<div class="border-line/60 bg-bg/90 border-t px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-4"><div class="border-line bg-surface mx-auto flex max-w-3xl items-end gap-2 rounded-3xl border p-1.5 ps-4"><span class="text-faint min-h-10 flex-1 truncate py-2 text-[0.9375rem] leading-6">${t('composer.placeholder', { name: isolate(name) })}</span><span class="bg-accent grid h-10 w-10 shrink-0 rounded-full opacity-40"></span></div><div class="text-faint mx-auto mt-1.5 max-w-3xl px-2 text-xs">&nbsp;</div></div>`;
    return `<div class="flex h-below-header" data-page="character-chat"><section class="flex min-w-0 flex-1 flex-col"><h1 class="sr-only">${t('chatWith', { name })}</h1>${bar}<div class="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto"><div class="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4">${notice}${greeting}</div></div>${composer}</section><aside class="border-line/60 hidden w-80 shrink-0 overflow-y-auto border-s p-5 lg:block xl:w-96"><h2 class="text-xl font-bold">${escapeHtml(name)}</h2><p class="text-muted mt-3 text-sm leading-relaxed whitespace-pre-line">${escapeHtml(description)}</p></aside></div>`;
  }

  private faq(items: Record<string, string>[], heading: string): string {
    if (items.length === 0) return '';
    return `<h2>${escapeHtml(heading)}</h2>${items
      .map((item) => `<h3>${escapeHtml(item.q ?? '')}</h3><p>${escapeHtml(item.a ?? '')}</p>`)
      .join('')}`;
  }

  private toolSection(locale: Locale, name: RouteName): string {
    const { texts } = this.options;
    return `<section><h2>${escapeHtml(texts.t(locale, 'marketing', `tools.${name}.heading`))}</h2><p>${escapeHtml(
      texts.t(locale, 'marketing', `tools.${name}.body`),
    )}</p>${this.faq(texts.list(locale, 'marketing', `tools.${name}.faq`), texts.t(locale, 'marketing', 'faqTitle'))}</section>`;
  }

  private homeSection(locale: Locale): string {
    const { texts } = this.options;
    const items = HOME_FAQ.map((id) => ({
      q: texts.t(locale, 'characters', `faq.${id}.q`),
      a: texts.t(locale, 'characters', `faq.${id}.a`),
    }));
    return `<section><h2>${escapeHtml(texts.t(locale, 'characters', 'marketing.title'))}</h2><p>${escapeHtml(
      texts.t(locale, 'characters', 'marketing.body'),
    )}</p>${this.faq(items, texts.t(locale, 'characters', 'faq.title'))}</section>`;
  }

  private landing(locale: Locale): string {
    const { texts } = this.options;
    const t = (key: string) => escapeHtml(texts.t(locale, 'marketing', `landing.${key}`));
    const cards = (key: string) =>
      texts
        .list(locale, 'marketing', `landing.${key}`)
        .map((item) => `<h3>${escapeHtml(item.title ?? '')}</h3><p>${escapeHtml(item.text ?? '')}</p>`)
        .join('');
    return [
      `<h1>${t('heading')}</h1><p>${t('subheading')}</p>`,
      `<p><a href="${buildPath(locale, 'createCharacter')}">${t('cta')}</a></p>`,
      `<h2>${t('stepsTitle')}</h2>${cards('steps')}`,
      `<h2>${t('featuresTitle')}</h2>${cards('features')}`,
      this.faq(
        texts.list(locale, 'marketing', 'landing.faq'),
        texts.t(locale, 'marketing', 'landing.faqTitle'),
      ),
    ].join('');
  }

  /** The app's header bar as it first paints: the logo home, at the same height. */
  private header(locale: Locale): string {
    const name = escapeHtml(this.options.siteName);
    return `<header class="border-line/60 bg-bg/80 sticky top-0 z-40 border-b backdrop-blur-xl"><div class="mx-auto flex h-16 max-w-[1440px] items-center gap-1.5 px-2 sm:gap-2 sm:px-6"><a href="${buildPath(locale, 'home')}" class="me-1 flex shrink-0 items-center gap-2 rounded-xl" aria-label="${name}"><svg viewBox="0 0 64 64" class="h-8 w-8" aria-hidden="true"><defs><linearGradient id="pre-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff4f9a"/><stop offset="1" stop-color="#8b5cf6"/></linearGradient></defs><rect width="64" height="64" rx="18" fill="url(#pre-g)"/><path d="M32 13l4.6 12.4L49 30l-12.4 4.6L32 47l-4.6-12.4L15 30l12.4-4.6z" fill="#fff"/></svg><span class="hidden text-lg font-extrabold tracking-tight sm:inline">${name}</span></a></div></header>`;
  }

  /** Links to the site's main pages, so the prerendered page is a page a crawler can walk. */
  private nav(locale: Locale): string {
    const links: RouteName[] = [
      'home',
      'createCharactersLanding',
      ...MARKETED_TOOLS.filter((tool) => tool !== 'createCharacter'),
      'pricing',
      'blogList',
      'terms',
      'privacy',
      'refund',
    ];
    const items = links
      .map(
        (name) =>
          `<li><a href="${buildPath(locale, name)}">${escapeHtml(this.options.texts.t(locale, 'pages', `${name}.title`))}</a></li>`,
      )
      .join('');
    return `<nav><ul>${items}</ul></nav>`;
  }
}
