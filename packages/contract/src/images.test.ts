import { describe, expect, it } from 'vitest';
import { GIRL_BUILDER, GIRL_BUILDER_OPTIONAL, girlBuilderPrompt } from './images';
import { voiceById } from './voices';

describe('girl builder voice', () => {
  it('offers five of the preset female voices, optional', () => {
    expect(GIRL_BUILDER.voice).toHaveLength(5);
    for (const id of GIRL_BUILDER.voice) expect(voiceById(id)?.gender).toBe('female');
    expect(GIRL_BUILDER_OPTIONAL.has('voice')).toBe(true);
  });

  it('is not drawn: the prompt is the same with or without it', () => {
    const choice = { style: 'anime', ethnicity: 'asian', clothing: 'casual' };
    expect(girlBuilderPrompt({ ...choice, voice: 'hana' })).toBe(girlBuilderPrompt(choice));
  });
});
