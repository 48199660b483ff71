import { describe, expect, it } from 'vitest';
import { CHARACTER_LIMITS } from '../characters';
import { characterFormSchema, completeCharacterSchema } from './characters';

const complete = {
  name: 'Luna',
  desc: 'A barista who writes poems.',
  personality: 'Warm.',
  first_message: 'Oh, you are here!',
  tag: 'Romantic, Fantasy',
};

const issuesOf = (value: unknown) =>
  (completeCharacterSchema.safeParse(value).error?.issues ?? []).map((i) => ({
    path: i.path,
    code: i.code,
    ...('maximum' in i ? { maximum: i.maximum } : {}),
  }));

describe('completeCharacterSchema', () => {
  it('takes a character with its four texts filled', () => {
    expect(issuesOf(complete)).toEqual([]);
  });

  it('requires something besides spaces in name, desc and first_message; personality may be empty', () => {
    expect(issuesOf({ ...complete, name: '   ', desc: '', personality: '\n', first_message: ' ' })).toEqual([
      { path: ['name'], code: 'custom' },
      { path: ['desc'], code: 'custom' },
      { path: ['first_message'], code: 'custom' },
    ]);
  });

  it('names a blank text missing rather than too long, and a long one too long', () => {
    const spaces = ' '.repeat(CHARACTER_LIMITS.name + 1);
    expect(issuesOf({ ...complete, name: spaces })).toEqual([{ path: ['name'], code: 'custom' }]);
    expect(issuesOf({ ...complete, name: 'x'.repeat(CHARACTER_LIMITS.name + 1) })).toEqual([
      { path: ['name'], code: 'too_big', maximum: CHARACTER_LIMITS.name },
    ]);
  });

  it('counts the tags as parsed: at most CHARACTER_LIMITS.tags', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`).join(', ');
    expect(issuesOf({ ...complete, tag: tags(CHARACTER_LIMITS.tags) })).toEqual([]);
    // Repeats and blanks are not tags.
    expect(issuesOf({ ...complete, tag: `${tags(CHARACTER_LIMITS.tags)}, tag0, ,` })).toEqual([]);
    expect(issuesOf({ ...complete, tag: tags(CHARACTER_LIMITS.tags + 1) })).toEqual([
      { path: ['tag'], code: 'too_big', maximum: CHARACTER_LIMITS.tags },
    ]);
  });

  it("keeps the call's own rules for the other fields", () => {
    expect(issuesOf({ ...complete, scenario: 'x'.repeat(CHARACTER_LIMITS.scenario + 1) })).toEqual([
      { path: ['scenario'], code: 'too_big', maximum: CHARACTER_LIMITS.scenario },
    ]);
    expect(
      issuesOf({ ...complete, alternate_greetings: ['Hi', 'x'.repeat(CHARACTER_LIMITS.firstMessage + 1)] }),
    ).toEqual([
      { path: ['alternate_greetings', 1], code: 'too_big', maximum: CHARACTER_LIMITS.firstMessage },
    ]);
  });
});

describe('characterFormSchema', () => {
  it('still takes blanks and many tags: a card may fill them, the service drops extra tags', () => {
    const many = Array.from({ length: CHARACTER_LIMITS.tags + 3 }, (_, i) => `t${i}`).join(',');
    expect(characterFormSchema.safeParse({ name: '', desc: ' ', tag: many }).success).toBe(true);
  });
});
