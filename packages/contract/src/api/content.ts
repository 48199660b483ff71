import type { z } from 'zod';
import type { blogListSchema, contentDocumentSchema, contentSummarySchema } from './content-endpoints';
import type { Locale } from '../locales';
import type { RouteName } from '../routes';

/** The legal pages of spec §2: route name to the slug of their text under content/legal/. */
export const LEGAL_PAGES = {
  terms: 'terms-of-service',
  privacy: 'privacy-policy',
  refund: 'refund-policy',
} as const satisfies Partial<Record<RouteName, string>>;

/** The tool pages with marketing and FAQ text beneath them (web `marketing.json` `tools`). */
export const MARKETED_TOOLS = [
  'imageGenerator',
  'animeGenerator',
  'girlGenerator',
  'tattooGenerator',
  'faceSwap',
  'voiceGenerator',
  'voiceCloning',
  'aiChat',
  'createCharacter',
] as const satisfies readonly RouteName[];

export type MarketedTool = (typeof MARKETED_TOOLS)[number];

export type LegalRoute = keyof typeof LEGAL_PAGES;
export type LegalSlug = (typeof LEGAL_PAGES)[LegalRoute];

/** A blog article or legal page as listed: from its Markdown file's front matter. */
export type ContentSummary = z.infer<typeof contentSummarySchema>;

/** GET /cgi-bin/content/legal/{slug} and /cgi-bin/content/blog/{slug}: the text as HTML. */
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

/** GET /cgi-bin/content/blog: every article, newest first. */
export type BlogListResponse = z.infer<typeof blogListSchema>;

/**
 * The key of a text's data, the same on the server (which inlines it with the prerendered page)
 * and in the app (which finds it there instead of fetching it again).
 */
export const pageDataKey = {
  legal: (slug: LegalSlug, locale: Locale) => `legal/${slug}/${locale}`,
  article: (slug: string, locale: Locale) => `blog/${slug}/${locale}`,
  blogList: (locale: Locale) => `blog/${locale}`,
};

/** The questions of the home page's FAQ (characters.json `faq.{id}`), shown by the app and prerendered. */
export const HOME_FAQ = ['free', 'create', 'private', 'adult', 'cards', 'models'] as const;

/**
 * The prerendered page's data, inlined by the server as JSON in `<script id="page-data">`, so
 * the app shows the same text at once instead of fetching it again.
 */
export interface PageData {
  key: string;
  data: ContentDocument | BlogListResponse;
}
