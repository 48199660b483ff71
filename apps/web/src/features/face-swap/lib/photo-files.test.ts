import { describe, expect, it } from 'vitest';
import {
  checkPhotoFile,
  checkPhotoPixels,
  MAX_PHOTO_BYTES,
  PHOTO_ACCEPT,
  sniffPhotoType,
} from './photo-files';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF', 0);
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const WEBP = bytes('RIFF', 0x24, 0, 0, 0, 'WEBP');

describe('face swap photos: JPG, PNG or WEBP by content (spec §5)', () => {
  it('reads the type from the first bytes', () => {
    expect(sniffPhotoType(JPEG)).toBe('image/jpeg');
    expect(sniffPhotoType(PNG)).toBe('image/png');
    expect(sniffPhotoType(WEBP)).toBe('image/webp');
  });

  it('turns down other pictures and files, whatever their name says', () => {
    expect(sniffPhotoType(bytes('GIF89a', 1, 0, 1, 0, 0, 0))).toBeNull();
    expect(sniffPhotoType(bytes(0, 0, 0, 0x1c, 'ftypheic'))).toBeNull();
    expect(sniffPhotoType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffPhotoType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
    expect(sniffPhotoType(bytes(0xff, 0xd8))).toBeNull();
  });

  it('the picker offers the same three types', () => {
    expect(PHOTO_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });

  it('accepts up to 10 MB and no more', () => {
    expect(checkPhotoFile(MAX_PHOTO_BYTES, JPEG)).toBeNull();
    expect(checkPhotoFile(MAX_PHOTO_BYTES + 1, PNG)).toEqual({ kind: 'tooLarge', maxMb: 10 });
  });

  it('tells a wrong type before a wrong size', () => {
    expect(checkPhotoFile(MAX_PHOTO_BYTES * 2, bytes('GIF89a'))).toEqual({ kind: 'format' });
  });

  it('accepts up to 40 megapixels, and nothing empty', () => {
    expect(checkPhotoPixels(8000, 5000)).toBeNull();
    expect(checkPhotoPixels(8000, 5001)).toEqual({ kind: 'tooManyPixels', maxMegapixels: 40 });
    expect(checkPhotoPixels(0, 100)).toEqual({ kind: 'unreadable' });
  });
});
