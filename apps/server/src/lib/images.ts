import sharp from 'sharp';
import { CHARACTER_LIMITS, ErrorCode } from '@lumi/contract';
import { BusinessError } from './errors';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface CheckedImage {
  format: ImageFormat;
  width: number;
  height: number;
  contentType: string;
  ext: string;
}

const FORMATS: Record<string, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
};

export const imageFormatError = () => new BusinessError(ErrorCode.INVALID_INPUT, 'image_format');
export const imageTooLargeError = () =>
  new BusinessError(ErrorCode.INVALID_INPUT, 'image_too_large', {
    mb: String(CHARACTER_LIMITS.avatarBytes / 1024 / 1024),
    mp: String(CHARACTER_LIMITS.avatarPixels / 1_000_000),
  });

/**
 * Checks an upload by its content, not its name or declared type: JPG, PNG or WEBP only, within
 * the byte and pixel limits, and decodable.
 */
export async function checkImage(
  bytes: Uint8Array,
  limits: { bytes: number; pixels: number } = {
    bytes: CHARACTER_LIMITS.avatarBytes,
    pixels: CHARACTER_LIMITS.avatarPixels,
  },
): Promise<CheckedImage> {
  if (bytes.byteLength > limits.bytes) throw imageTooLargeError();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw imageFormatError();
  }
  const known = meta.format ? FORMATS[meta.format] : undefined;
  if (!known || !meta.width || !meta.height) throw imageFormatError();
  if (meta.width * meta.height > limits.pixels) throw imageTooLargeError();
  try {
    // Decode it fully once: a truncated or corrupt file fails here, not later in a page.
    await sharp(bytes, { limitInputPixels: limits.pixels }).resize(8, 8).raw().toBuffer();
  } catch {
    throw imageFormatError();
  }
  return { format: meta.format as ImageFormat, width: meta.width, height: meta.height, ...known };
}

/**
 * An upload as it is stored and served: turned upright by its EXIF orientation, then encoded
 * again in its own format at its own size. Nothing of the file but its pixels survives: no EXIF
 * (GPS position, camera owner's name), IPTC, XMP, PNG text chunks (a character card's data) or
 * bytes appended after the image (an HTML tail that a browser might sniff).
 */
export async function reencodeImage(bytes: Uint8Array, format: ImageFormat): Promise<Buffer> {
  // sharp writes no metadata unless asked to (keepMetadata / withMetadata).
  const image = sharp(bytes, { limitInputPixels: CHARACTER_LIMITS.avatarPixels }).rotate();
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 92 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 92 }).toBuffer();
  }
}

/** The 402x402 list image of spec §3. */
export function listImage(bytes: Uint8Array): Promise<Buffer> {
  return squareImage(bytes, CHARACTER_LIMITS.listImageSize);
}

/** A square webp of `size` pixels: cover-fitted, centred on the upper part (faces). */
export async function squareImage(bytes: Uint8Array, size: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: CHARACTER_LIMITS.avatarPixels })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'top' })
    .webp({ quality: 80 })
    .toBuffer();
}

/** The avatar as PNG, the carrier of an exported character card. */
export async function toPng(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: CHARACTER_LIMITS.avatarPixels }).rotate().png().toBuffer();
}
