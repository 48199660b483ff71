import { pageDataKey, type ContentDocument, type LegalSlug, type Locale } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/content';
import { call } from '@/lib/api-client';
import { useContent } from './use-content';

/** A legal page (terms, privacy ...) in the reader's language. */
export const getLegalPage = (slug: LegalSlug) => call(API.legalPage, { params: { slug }, silent: true });

export const useLegalPage = (slug: LegalSlug, locale: Locale) =>
  useContent<ContentDocument>(pageDataKey.legal(slug, locale), () => getLegalPage(slug));
