import {
  DEFAULT_IMAGE_SIZE,
  GIRL_BUILDER,
  IMAGE_LIMITS,
  presetsOf,
  type GirlBuilderField,
} from '@lumi/contract';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '@/locales/en/images.json';
import {
  blockerOf,
  clearJob,
  defaultForm,
  formCost,
  loadForm,
  loadJob,
  missingFields,
  REQUIRED_FIELDS,
  sanitizeForm,
  saveForm,
  saveJob,
  toggleMulti,
  toRequest,
  type BuilderChoice,
  type ToolForm,
} from './form-state';

/** A builder with every field chosen (the first value; two hobbies). */
const FULL_BUILDER: BuilderChoice = Object.fromEntries(
  (Object.keys(GIRL_BUILDER) as GirlBuilderField[]).map((f) => [
    f,
    f === 'hobbies' ? ['reading', 'yoga'] : GIRL_BUILDER[f][0],
  ]),
);

beforeEach(() => sessionStorage.clear());

describe('defaults', () => {
  it('choose the first preset of tools that have them, none for the image tool', () => {
    expect(defaultForm('anime').preset).toBe(presetsOf('anime')[0]?.id);
    expect(defaultForm('tattoo').preset).toBe('tattoo-traditional');
    expect(defaultForm('image').preset).toBeNull();
    expect(defaultForm('girl')).toMatchObject({
      size: DEFAULT_IMAGE_SIZE,
      count: 1,
      speed: 'slow',
      model: 'standard',
      mode: 'presets',
      builder: {},
    });
  });
});

describe('form persistence', () => {
  it('reads back what was stored, per tool', () => {
    const form: ToolForm = {
      ...defaultForm('girl'),
      prompt: 'on a balcony',
      negative: 'blurry',
      size: '1024x576',
      count: 3,
      speed: 'fast',
      model: 'advanced',
      mode: 'builder',
      builder: { style: 'anime', hobbies: ['gym'] },
    };
    saveForm('girl', form);
    expect(loadForm('girl')).toEqual(form);
    expect(loadForm('anime')).toEqual(defaultForm('anime'));
  });

  it('falls back to defaults for anything unknown, broken or out of range', () => {
    sessionStorage.setItem('imageTool.anime.form', '{not json');
    expect(loadForm('anime')).toEqual(defaultForm('anime'));
    const form = sanitizeForm('anime', {
      prompt: 'x'.repeat(IMAGE_LIMITS.prompt + 50),
      preset: 'tattoo-tribal',
      size: '512x512',
      count: 9,
      speed: 'warp',
      model: 'huge',
      mode: 'builder',
      builder: { style: 'anime' },
    });
    expect(form.prompt).toHaveLength(IMAGE_LIMITS.prompt);
    expect(form).toMatchObject({
      preset: 'anime-classic',
      size: DEFAULT_IMAGE_SIZE,
      count: 4,
      speed: 'slow',
      model: 'standard',
      mode: 'presets',
      builder: {},
    });
    expect(
      sanitizeForm('girl', { builder: { style: 'cartoon', eyes: 'blue', hobbies: ['gym', 'gym', 'x'] } })
        .builder,
    ).toEqual({ eyes: 'blue', hobbies: ['gym'] });
  });

  it('keeps the current job until it is cleared', () => {
    expect(loadJob('tattoo')).toBeNull();
    const request = toRequest('tattoo', defaultForm('tattoo'));
    saveJob('tattoo', { id: 'job-1', request });
    expect(loadJob('tattoo')).toEqual({ id: 'job-1', request });
    expect(loadJob('anime')).toBeNull();
    clearJob('tattoo');
    expect(loadJob('tattoo')).toBeNull();
  });
});

describe('the girl builder', () => {
  it('requires every field except age and hobbies', () => {
    expect(REQUIRED_FIELDS).not.toContain('age');
    expect(REQUIRED_FIELDS).not.toContain('hobbies');
    expect(REQUIRED_FIELDS).not.toContain('voice');
    expect(missingFields({})).toEqual(REQUIRED_FIELDS);
    expect(missingFields(FULL_BUILDER)).toEqual([]);
    const { clothing: _, ...noClothing } = FULL_BUILDER;
    expect(missingFields(noClothing)).toEqual(['clothing']);
  });

  it('takes up to the maximum of a multiple choice, and un-chooses', () => {
    expect(toggleMulti([], 'gym', 5)).toEqual(['gym']);
    expect(toggleMulti(['gym', 'yoga'], 'gym', 5)).toEqual(['yoga']);
    expect(toggleMulti(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });
});

describe('requests', () => {
  it('send the preset of preset tools, and no negative prompt when it is empty', () => {
    const form = { ...defaultForm('anime'), preset: 'anime-chibi', prompt: '  a cat  ' };
    expect(toRequest('anime', form)).toEqual({
      prompt: 'a cat',
      size: DEFAULT_IMAGE_SIZE,
      count: 1,
      speed: 'slow',
      model: 'standard',
      preset: 'anime-chibi',
    });
    expect(toRequest('image', { ...defaultForm('image'), prompt: 'sky', negative: ' rain ' })).toEqual({
      prompt: 'sky',
      negative_prompt: 'rain',
      size: DEFAULT_IMAGE_SIZE,
      count: 1,
      speed: 'slow',
      model: 'standard',
    });
  });

  it('send the builder, not the preset, in builder mode', () => {
    const form: ToolForm = {
      ...defaultForm('girl'),
      mode: 'builder',
      builder: FULL_BUILDER,
      prompt: 'smiling',
    };
    const body = toRequest('girl', form);
    expect(body.builder).toEqual(FULL_BUILDER);
    expect(body.preset).toBeUndefined();
    expect(body.prompt).toBe('smiling');
  });

  it('wait for a prompt on the image tool and for the required builder fields', () => {
    expect(blockerOf('image', defaultForm('image'))).toEqual({ kind: 'prompt' });
    expect(blockerOf('image', { ...defaultForm('image'), prompt: '   ' })).toEqual({ kind: 'prompt' });
    expect(blockerOf('image', { ...defaultForm('image'), prompt: 'a fox' })).toBeNull();
    expect(blockerOf('anime', defaultForm('anime'))).toBeNull();
    expect(blockerOf('girl', defaultForm('girl'))).toBeNull();
    expect(blockerOf('girl', { ...defaultForm('girl'), mode: 'builder' })).toEqual({
      kind: 'builder',
      missing: REQUIRED_FIELDS,
    });
    expect(blockerOf('girl', { ...defaultForm('girl'), mode: 'builder', builder: FULL_BUILDER })).toBeNull();
  });
});

describe('the cost on the Generate button', () => {
  it('is 3 credits a standard image and 20 an advanced one', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { images: en } }, defaultNS: 'images' });
    const label = (form: Pick<ToolForm, 'model' | 'count'>) =>
      i18n.t('generate.button', { count: formCost(form) });
    expect(label({ model: 'standard', count: 1 })).toBe('Generate · 3 credits');
    expect(label({ model: 'standard', count: 4 })).toBe('Generate · 12 credits');
    expect(label({ model: 'advanced', count: 2 })).toBe('Generate · 40 credits');
  });
});
