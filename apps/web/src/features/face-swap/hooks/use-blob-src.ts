import { useCallback } from 'react';

/**
 * A ref for an `<img>` showing a blob (a chosen photo): the object URL is made when the image
 * mounts and freed when it goes or the blob changes, so a photo shown in several places never
 * loses its picture when one of them is removed.
 */
export function useBlobSrc(blob: Blob | null) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
