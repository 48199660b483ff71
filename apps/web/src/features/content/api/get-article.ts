import { pageDataKey, type ContentDocument, type Locale } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/content';
import { call } from '@/lib/api-client';
import { useContent } from './use-content';

/** One blog article. */
export const getArticle = (slug: string) => call(API.blogArticle, { params: { slug }, silent: true });

export const useArticle = (slug: string, locale: Locale) =>
  useContent<ContentDocument>(pageDataKey.article(slug, locale), () => getArticle(slug));
