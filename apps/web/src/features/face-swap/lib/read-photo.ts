import { checkPhotoFile, checkPhotoPixels, SNIFF_BYTES, type PhotoProblem } from './photo-files';

export type ReadPhoto = { ok: true; width: number; height: number } | { ok: false; problem: PhotoProblem };

/** The size the browser shows a picture at (turned upright by its EXIF orientation), or null. */
async function pictureSize(file: Blob): Promise<{ width: number; height: number } | null> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Checks a chosen photo as the server will (type by content, 10 MB, 40 megapixels) so a wrong
 * one is told at once, and reads its size for the preview and the result's face boxes.
 */
export async function readPhoto(file: Blob): Promise<ReadPhoto> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const problem = checkPhotoFile(file.size, head);
  if (problem) return { ok: false, problem };
  const size = await pictureSize(file);
  if (!size) return { ok: false, problem: { kind: 'unreadable' } };
  const tooBig = checkPhotoPixels(size.width, size.height);
  return tooBig ? { ok: false, problem: tooBig } : { ok: true, ...size };
}
