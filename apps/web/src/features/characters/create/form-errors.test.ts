import { CHARACTER_LIMITS } from '@lumi/contract';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { characterResolver, fieldErrorsOf } from './form-errors';
import { EMPTY_VALUES, validateStep, type FormValues } from './form-model';

const filled: FormValues = {
  ...EMPTY_VALUES,
  name: 'Luna',
  desc: 'A barista.',
  personality: 'Warm.',
  firstMessage: 'Hi!',
};

const options: ResolverOptions<FormValues> = { fields: {}, shouldUseNativeValidation: false };
const resolve = (values: FormValues) => characterResolver(values, undefined, options);

describe("the form's checks come from the contract's schema", () => {
  it("words each step's issues as the form's error keys", () => {
    expect(validateStep(0, { ...filled, name: ' ' }, true)).toEqual({ name: { key: 'nameRequired' } });
    expect(validateStep(0, { ...filled, name: 'x'.repeat(CHARACTER_LIMITS.name + 1) }, false)).toEqual({
      avatar: { key: 'avatarRequired' },
      name: { key: 'tooLong', max: CHARACTER_LIMITS.name },
    });
    const tags = Array.from({ length: CHARACTER_LIMITS.tags + 1 }, (_, i) => `tag${i}`).join(', ');
    expect(validateStep(1, { ...filled, desc: '', tags }, true)).toEqual({
      desc: { key: 'descRequired' },
      tags: { key: 'tooManyTags', max: CHARACTER_LIMITS.tags },
    });
    const long = 'x'.repeat(CHARACTER_LIMITS.firstMessage + 1);
    expect(validateStep(2, { ...filled, firstMessage: '', alternateGreetings: ['Hi', long] }, true)).toEqual({
      firstMessage: { key: 'greetingRequired' },
      alternateGreetings: { key: 'tooLong', max: CHARACTER_LIMITS.firstMessage },
    });
  });

  it('checks only the fields of the step asked for', () => {
    expect(validateStep(0, { ...EMPTY_VALUES, name: 'Luna' }, true)).toEqual({});
  });

  it('gives react-hook-form the same errors through zodResolver', async () => {
    const long = 'x'.repeat(CHARACTER_LIMITS.scenario + 1);
    const result = await resolve({
      ...filled,
      desc: '',
      scenario: long,
      alternateGreetings: ['', long],
    });
    expect(fieldErrorsOf(result.errors)).toEqual({
      desc: { key: 'descRequired' },
      scenario: { key: 'tooLong', max: CHARACTER_LIMITS.scenario },
      alternateGreetings: { key: 'tooLong', max: CHARACTER_LIMITS.firstMessage },
    });
  });

  it('hands a valid form its values as typed', async () => {
    const values = { ...filled, tags: 'Romantic, Fantasy' };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });
});
