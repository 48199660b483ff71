import { DEFAULT_IMAGE_SIZE, IMAGE_SIZES, type ImageSize } from '@lumi/contract';

export type AspectName = 'portrait' | 'square' | 'landscape' | 'story' | 'wide';

export interface Aspect {
  /** The translation key under `size.` */
  name: AspectName;
  /** What the chip shows, the same in every language. */
  ratio: string;
  size: ImageSize;
}

const PORTRAIT: Aspect = { name: 'portrait', ratio: '3:4', size: DEFAULT_IMAGE_SIZE };

/** The size choices, in the order the page shows them: 3:4 (the default) first. */
export const ASPECTS: readonly Aspect[] = [
  PORTRAIT,
  { name: 'square', ratio: '1:1', size: '1024x1024' },
  { name: 'landscape', ratio: '4:3', size: '1024x768' },
  { name: 'story', ratio: '9:16', size: '576x1024' },
  { name: 'wide', ratio: '16:9', size: '1024x576' },
];

export function isImageSize(value: unknown): value is ImageSize {
  return typeof value === 'string' && (IMAGE_SIZES as readonly string[]).includes(value);
}

/** The aspect of a size; an unknown one reads as the default's. */
export function aspectOf(size: string): Aspect {
  return ASPECTS.find((a) => a.size === size) ?? PORTRAIT;
}

/** Width over height of a size such as '768x1024', for placeholders of the right shape. */
export function sizeRatio(size: string): number {
  const [w, h] = size.split('x').map(Number);
  return w && h ? w / h : 3 / 4;
}
