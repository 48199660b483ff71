import { LlamaGuardEngine, NsfwImageEngine, OpenAIModerationEngine } from '@lumi/engines';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { moderationEnginesFor } from './engines';

describe('moderationEnginesFor', () => {
  it('has no text backend and the offline picture classifier by default', () => {
    const { text, image } = moderationEnginesFor(loadConfig({}));
    expect(text).toEqual([]);
    expect(image).toBeInstanceOf(NsfwImageEngine);
  });

  it('asks /v1/moderations first, then Llama Guard', () => {
    const { text, image } = moderationEnginesFor(
      loadConfig({
        MODERATION_URL: 'http://127.0.0.1:9000',
        MODERATION_MODEL: 'llama-guard3:8b',
        MODERATION_CHAT_URL: 'http://127.0.0.1:11434/v1',
      }),
    );
    expect(text.map((e) => e.constructor)).toEqual([OpenAIModerationEngine, LlamaGuardEngine]);
    expect(text[0]!.accepts).toEqual(['text']);
    expect(image).toBeInstanceOf(NsfwImageEngine);
  });

  it('sends pictures to omni-moderation when told to, or checks none when off', () => {
    const openai = moderationEnginesFor(
      loadConfig({ MODERATION_URL: 'http://127.0.0.1:9000', MODERATION_IMAGES: 'openai' }),
    );
    expect(openai.image).toBe(openai.text[0]);
    expect(openai.image?.accepts).toEqual(['text', 'image']);
    const off = moderationEnginesFor(loadConfig({ MODERATION_IMAGES: 'off' }));
    expect(off).toEqual({ text: [] });
  });
});
