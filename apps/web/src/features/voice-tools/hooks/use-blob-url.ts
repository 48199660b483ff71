import { useCallback, useEffect, useRef, useState } from 'react';

export type WithUrl<T> = T & { url: string };

/**
 * State holding a blob (an answer, a recording, a chosen file) with an object URL for players
 * and downloads; the URL is freed when the value is replaced and when the page goes.
 */
export function useBlobState<T extends { blob: Blob }>(): [WithUrl<T> | null, (next: T | null) => void] {
  const [value, setValue] = useState<WithUrl<T> | null>(null);
  const current = useRef<string | null>(null);

  const set = useCallback((next: T | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = next ? URL.createObjectURL(next.blob) : null;
    setValue(next && current.current ? { ...next, url: current.current } : null);
  }, []);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );

  return [value, set];
}
