import { z } from 'zod';
import { LOCALE_CODES } from '../locales';
import * as API from './routes/content';
import { endpoint } from './endpoint';

/**
 * The blog's and the legal pages' calls with their schemas. Apart from api/content.ts, whose
 * constants the pages import: this module builds zod schemas, which pages must not load.
 */
export const contentSummarySchema = z.object({
  slug: z.string(),
  /** The language the text is written in: the asked locale, or English when not translated. */
  locale: z.enum(LOCALE_CODES),
  title: z.string(),
  /** ISO date, YYYY-MM-DD. */
  date: z.string(),
  description: z.string(),
});

/** The text as HTML. */
export const contentDocumentSchema = contentSummarySchema.extend({ html: z.string() });

/** Every article, newest first. */
export const blogListSchema = z.object({ list: z.array(contentSummarySchema) });

const slugParams = z.strictObject({ slug: z.string().max(200) });

export const CONTENT_ENDPOINTS = {
  legalPage: endpoint({
    ...API.legalPage,
    summary: "A legal page (terms, privacy, refunds) in the caller's language, as HTML",
    tag: 'content',
    access: 'public',
    params: slugParams,
    response: contentDocumentSchema,
  }),
  blogList: endpoint({
    ...API.blogList,
    summary: "The blog's articles in the caller's language, newest first",
    tag: 'content',
    access: 'public',
    response: blogListSchema,
  }),
  blogArticle: endpoint({
    ...API.blogArticle,
    summary: "A blog article in the caller's language, as HTML",
    tag: 'content',
    access: 'public',
    params: slugParams,
    response: contentDocumentSchema,
  }),
};
