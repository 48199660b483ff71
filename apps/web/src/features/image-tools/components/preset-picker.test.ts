import { describe, expect, it } from 'vitest';
import { presetTileUrl } from './preset-picker';

describe('style tile pictures', () => {
  it('are the shipped drawings, or the server’s engine samples when it has them', () => {
    expect(presetTileUrl('anime-mecha', false)).toBe('/presets/anime-mecha.webp');
    expect(presetTileUrl('anime-mecha', true)).toBe('/cgi-bin/presets/anime-mecha.webp');
  });
});
