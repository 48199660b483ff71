/**
 * The 11 interface languages. `code` is the route segment and the key of every translation
 * file; `htmlLang` is the BCP 47 tag for `<html lang>` and `Intl` (decisions.md: `io` is
 * Indonesian and `kr` Korean, so their proper tags are `id` and `ko`).
 */
export const LOCALES = [
  { code: 'en', htmlLang: 'en', dir: 'ltr', label: 'English' },
  { code: 'zh', htmlLang: 'zh-CN', dir: 'ltr', label: '简体中文' },
  { code: 'ja', htmlLang: 'ja', dir: 'ltr', label: '日本語' },
  { code: 'ar', htmlLang: 'ar', dir: 'rtl', label: 'العربية' },
  { code: 'fr', htmlLang: 'fr', dir: 'ltr', label: 'Français' },
  { code: 'io', htmlLang: 'id', dir: 'ltr', label: 'Bahasa Indonesia' },
  { code: 'kr', htmlLang: 'ko', dir: 'ltr', label: '한국어' },
  { code: 'pt', htmlLang: 'pt', dir: 'ltr', label: 'Português' },
  { code: 'ru', htmlLang: 'ru', dir: 'ltr', label: 'Русский' },
  { code: 'es', htmlLang: 'es', dir: 'ltr', label: 'Español' },
  { code: 'vi', htmlLang: 'vi', dir: 'ltr', label: 'Tiếng Việt' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];
export type LocaleInfo = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

export function localeInfo(code: Locale): LocaleInfo {
  const info = LOCALES.find((l) => l.code === code);
  if (!info) throw new Error(`unknown locale ${code}`);
  return info;
}

/** English has no route prefix; every other locale is the first path segment. */
export function localePrefix(code: Locale): string {
  return code === DEFAULT_LOCALE ? '' : `/${code}`;
}

/**
 * Picks the best supported locale from an Accept-Language header value
 * (`fr-CA,fr;q=0.9,en;q=0.8`), matching the proper tags (`id`, `ko`) as well as route codes.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    const hit = LOCALES.find((l) => l.htmlLang.toLowerCase() === tag || l.htmlLang.split('-')[0] === primary);
    if (hit) return hit.code;
  }
  return undefined;
}

/**
 * User text (a name, a search, an address) put into a translated sentence, between FSI and PDI
 * (Unicode bidi isolates): in Arabic a Latin name keeps its own order ("LGBTQ+", not "+LGBTQ")
 * and does not drag the sentence's punctuation with it. The marks are invisible. Elements of
 * their own take `dir="auto"` or `<bdi>` instead. The app's sentences and the server's
 * prerendered ones use it alike.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
