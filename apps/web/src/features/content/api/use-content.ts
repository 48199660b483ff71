import { type PageData } from '@lumi/contract';
import { useQuery } from '@tanstack/react-query';

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

/** One text from the content API, answered first from the prerendered page's data when it is that text. */
export function useContent<T>(key: string, load: () => Promise<T>) {
  return useQuery({
    queryKey: ['content', key],
    queryFn: load,
    initialData: () => pageData<T>(key),
    staleTime: STALE,
  });
}
