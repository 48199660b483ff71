import type { BlogListResponse, ContentDocument, LegalSlug, Locale, PageData } from '@lumi/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

let prerendered: PageData | null | undefined;

/**
 * The data the server inlined with the prerendered page (`<script id="page-data">`), used once
 * as the first answer of the query it belongs to, so the app shows the text without a refetch.
 */
function pageData<T>(key: string): T | undefined {
  if (prerendered === undefined) {
    const text = document.getElementById('page-data')?.textContent;
    try {
      prerendered = text ? (JSON.parse(text) as PageData) : null;
    } catch {
      prerendered = null;
    }
  }
  return prerendered?.key === key ? (prerendered.data as T) : undefined;
}

const STALE = 5 * 60_000;

export function useLegalPage(slug: LegalSlug, locale: Locale) {
  const key = `legal/${slug}/${locale}`;
  return useQuery({
    queryKey: ['content', key],
    queryFn: () => api<ContentDocument>(`/content/legal/${slug}`, { silent: true }),
    initialData: () => pageData<ContentDocument>(key),
    staleTime: STALE,
  });
}

export function useBlogList(locale: Locale) {
  const key = `blog/${locale}`;
  return useQuery({
    queryKey: ['content', key],
    queryFn: () => api<BlogListResponse>('/content/blog', { silent: true }),
    initialData: () => pageData<BlogListResponse>(key),
    staleTime: STALE,
  });
}

export function useArticle(slug: string, locale: Locale) {
  const key = `blog/${slug}/${locale}`;
  return useQuery({
    queryKey: ['content', key],
    queryFn: () => api<ContentDocument>(`/content/blog/${encodeURIComponent(slug)}`, { silent: true }),
    initialData: () => pageData<ContentDocument>(key),
    staleTime: STALE,
    retry: false,
  });
}
