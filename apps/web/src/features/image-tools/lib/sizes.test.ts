import { DEFAULT_IMAGE_SIZE, IMAGE_SIZES, parseImageSize } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { ASPECTS, aspectOf, isImageSize, sizeRatio } from './sizes';

describe('aspect ratios', () => {
  it('cover every image size exactly once, the default (3:4) first', () => {
    expect(ASPECTS.map((a) => a.size).sort()).toEqual([...IMAGE_SIZES].sort());
    expect(ASPECTS[0]?.size).toBe(DEFAULT_IMAGE_SIZE);
    expect(ASPECTS[0]?.ratio).toBe('3:4');
  });

  it('name the ratio of their size', () => {
    for (const aspect of ASPECTS) {
      const [w = 0, h = 0] = aspect.ratio.split(':').map(Number);
      const { width, height } = parseImageSize(aspect.size);
      expect(width / height, aspect.ratio).toBeCloseTo(w / h, 2);
    }
    expect(ASPECTS.map((a) => a.ratio)).toEqual(['3:4', '1:1', '4:3', '9:16', '16:9']);
  });

  it('look sizes up both ways', () => {
    expect(aspectOf('1024x576').ratio).toBe('16:9');
    expect(aspectOf('1x1').size).toBe(DEFAULT_IMAGE_SIZE);
    expect(isImageSize('576x1024')).toBe(true);
    expect(isImageSize('512x512')).toBe(false);
    expect(sizeRatio('768x1024')).toBeCloseTo(0.75);
    expect(sizeRatio('nonsense')).toBeCloseTo(0.75);
  });
});
