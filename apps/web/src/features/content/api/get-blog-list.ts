import { pageDataKey, type BlogListResponse, type Locale } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/content';
import { call } from '@/lib/api-client';
import { useContent } from './use-content';

/** Every blog article, newest first. */
export const getBlogList = () => call(API.blogList, { silent: true });

export const useBlogList = (locale: Locale) =>
  useContent<BlogListResponse>(pageDataKey.blogList(locale), getBlogList);
