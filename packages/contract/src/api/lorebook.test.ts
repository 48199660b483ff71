import { describe, expect, it } from 'vitest';
import { LOREBOOK_LIMITS as L } from '../characters';
import { characterFormSchema } from './characters';
import { lorebookLimitsSchema, lorebookSchema } from './lorebook';

const entry = {
  keys: ['Eldoria'],
  content: 'A river kingdom.',
  enabled: true,
  insertion_order: 0,
  extensions: {},
};
const issues = (schema: typeof lorebookSchema | typeof lorebookLimitsSchema, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => ({ path: i.path, code: i.code }));

describe('lorebookSchema', () => {
  it('keeps every key it does not know, in the book and its entries', () => {
    const book = {
      name: 'World',
      scan_depth: null,
      extensions: { tool: { v: 1 } },
      entries: [
        {
          ...entry,
          id: 7,
          use_regex: true,
          case_sensitive: null,
          extensions: { display_index: 3, group: 'g' },
        },
      ],
    };
    expect(lorebookSchema.parse(book)).toEqual(book);
  });

  it('bounds entries, keys, key length, content and titles', () => {
    const many = (n: number, s = 'k') => Array.from({ length: n }, (_, i) => `${s}${i}`);
    expect(issues(lorebookSchema, { entries: Array.from({ length: L.entries }, () => entry) })).toEqual([]);
    expect(issues(lorebookSchema, { entries: Array.from({ length: L.entries + 1 }, () => entry) })).toEqual([
      { path: ['entries'], code: 'too_big' },
    ]);
    expect(
      issues(lorebookSchema, {
        entries: [
          {
            ...entry,
            keys: many(L.keys + 1),
            secondary_keys: ['x'.repeat(L.keyLength + 1)],
            content: 'x'.repeat(L.content + 1),
            comment: 'x'.repeat(L.title + 1),
          },
        ],
      }),
    ).toEqual([
      { path: ['entries', 0, 'keys'], code: 'too_big' },
      { path: ['entries', 0, 'secondary_keys', 0], code: 'too_big' },
      { path: ['entries', 0, 'content'], code: 'too_big' },
      { path: ['entries', 0, 'comment'], code: 'too_big' },
    ]);
  });

  it('takes only the positions the prompt has, and book settings in range', () => {
    expect(issues(lorebookSchema, { entries: [{ ...entry, position: 'after_char' }] })).toEqual([]);
    expect(issues(lorebookSchema, { entries: [{ ...entry, position: 1 }] })).toEqual([
      { path: ['entries', 0, 'position'], code: 'invalid_value' },
    ]);
    expect(
      issues(lorebookSchema, {
        entries: [],
        scan_depth: L.scanDepth + 1,
        token_budget: -1,
        recursive_scanning: 'yes',
      }),
    ).toEqual([
      { path: ['scan_depth'], code: 'too_big' },
      { path: ['token_budget'], code: 'too_small' },
      { path: ['recursive_scanning'], code: 'invalid_type' },
    ]);
  });

  it('bounds the whole book in bytes, what it carries along included', () => {
    const blob = 'é'.repeat(L.bytes / 2);
    expect(issues(lorebookSchema, { entries: [], extensions: { blob } })).toEqual([
      { path: [], code: 'too_big' },
    ]);
  });
});

describe('lorebookLimitsSchema (a card file’s book)', () => {
  it('checks the limits only, whatever else the card wrote', () => {
    const odd = { ...entry, position: 0, comment: null, secondary_keys: 'a,b', enabled: 'yes' };
    expect(issues(lorebookLimitsSchema, { entries: [odd] })).toEqual([]);
    expect(
      issues(lorebookLimitsSchema, { entries: [{ ...odd, content: 'x'.repeat(L.content + 1) }] }),
    ).toEqual([{ path: ['entries', 0, 'content'], code: 'too_big' }]);
  });
});

describe('character_book, the form field', () => {
  const field = (value: unknown) => characterFormSchema.shape.character_book.safeParse(value);
  it('is JSON in a form, an object in a JSON body; blank is not given and null removes the book', () => {
    expect(field(JSON.stringify({ entries: [entry] })).data).toEqual({ entries: [entry] });
    expect(field({ entries: [entry] }).data).toEqual({ entries: [entry] });
    expect(field('  ').data).toBeUndefined();
    expect(field('null')).toMatchObject({ success: true, data: null });
    expect(field('{"entries": [').success).toBe(false);
  });
});
