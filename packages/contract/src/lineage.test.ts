import { describe, expect, it } from 'vitest';
import { LINEAGE_LIMITS, readCardCredits, withCardCredits, withoutCardCredits } from './lineage';

describe('a card’s chain of credits', () => {
  it('reads the entries it can use, as one line each, and leaves out the rest', () => {
    const chain = readCardCredits({
      lumi: {
        based_on: [
          { name: '  Mira\n Solano ', creator: 'Ana\u0000Lee', url: 'https://cards.example/mira' },
          { name: '', creator: 'nameless' },
          'not an entry',
          { name: 'Rook', creator: 42, url: 'javascript:alert(1)' },
          { name: 'Wren', url: 'ftp://cards.example/wren' },
        ],
      },
    });
    expect(chain).toEqual([
      { name: 'Mira Solano', creator: 'Ana Lee', url: 'https://cards.example/mira' },
      { name: 'Rook', creator: '' },
      { name: 'Wren', creator: '' },
    ]);
  });

  it('keeps the newest entries, and never a broken half of a character at the limit', () => {
    const long = 'é'.repeat(LINEAGE_LIMITS.creator - 1) + '😀';
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `V${i}`, creator: long }));
    const chain = readCardCredits({ lumi: { based_on: many } })!;
    expect(chain.map((c) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `V${i + 10}`));
    // The emoji's first half fell inside the limit: it is replaced, not kept alone.
    expect(chain[0]?.creator.endsWith('\ufffd')).toBe(true);
    expect(chain[0]?.creator).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('is undefined when the extensions carry no chain', () => {
    expect(readCardCredits({})).toBeUndefined();
    expect(readCardCredits({ lumi: 'x' })).toBeUndefined();
    expect(readCardCredits({ lumi: { based_on: 'a string' } })).toBeUndefined();
    expect(readCardCredits({ lumi: { based_on: [] } })).toEqual([]);
  });

  it('takes the chain out of the extensions and puts it back, keeping the other keys', () => {
    const chain = [{ name: 'Mira', creator: 'Ana' }];
    const extensions = { talkativeness: '0.5', lumi: { based_on: chain, theme: 'dark' } };
    const without = withoutCardCredits(extensions);
    expect(without).toEqual({ talkativeness: '0.5', lumi: { theme: 'dark' } });
    expect(withCardCredits(without, chain)).toEqual(extensions);
    // The namespace goes when the chain was all it held; an empty chain adds nothing.
    expect(withoutCardCredits({ lumi: { based_on: chain } })).toEqual({});
    expect(withCardCredits({ a: 1 }, [])).toEqual({ a: 1 });
    // What is not a chain stays as it came.
    const odd = { lumi: { based_on: 'a string' } };
    expect(withoutCardCredits(odd)).toBe(odd);
  });
});
