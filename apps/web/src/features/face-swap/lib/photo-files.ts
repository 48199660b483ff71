import { isPng } from '@lumi/contract';

/** Face swap photos (spec §5): JPG, PNG or WEBP, as the server checks them, by content. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The file picker's filter. */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/** The server's upload limits: 10 MB and 40 megapixels a photo. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;

export type PhotoProblem =
  | { kind: 'format' }
  | { kind: 'tooLarge'; maxMb: number }
  | { kind: 'tooManyPixels'; maxMegapixels: number }
  | { kind: 'unreadable' };

/** Bytes a photo's type is read from. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);

/** The photo type its first bytes show (JPEG, PNG, WEBP), or null: the name and MIME type can lie. */
export function sniffPhotoType(head: Uint8Array): PhotoType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (isPng(head)) return 'image/png';
  // RIFF....WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** What is wrong with a chosen file before it is read as a picture: its size or its content. */
export function checkPhotoFile(size: number, head: Uint8Array): PhotoProblem | null {
  if (sniffPhotoType(head) === null) return { kind: 'format' };
  if (size > MAX_PHOTO_BYTES) return { kind: 'tooLarge', maxMb: MAX_PHOTO_BYTES / 1024 / 1024 };
  return null;
}

/** What is wrong with a decoded photo's size in pixels. */
export function checkPhotoPixels(width: number, height: number): PhotoProblem | null {
  if (width <= 0 || height <= 0) return { kind: 'unreadable' };
  if (width * height > MAX_PHOTO_PIXELS) {
    return { kind: 'tooManyPixels', maxMegapixels: MAX_PHOTO_PIXELS / 1_000_000 };
  }
  return null;
}
