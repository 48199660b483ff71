import { LOCALES } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { formatInteger, intlLocale } from './intl';

describe('intlLocale', () => {
  it('gives Intl the proper tag of a route code, and keeps a tag it is given', () => {
    expect(intlLocale('io')).toBe('id');
    expect(intlLocale('kr')).toBe('ko');
    expect(intlLocale('zh-CN')).toBe('zh-CN');
    expect(intlLocale('xx')).toBe('en');
  });
});

describe('formatInteger', () => {
  const samples = [
    ...Array.from({ length: 1000 }, (_, i) => i),
    1000,
    1234,
    9999,
    10_000,
    12_345,
    999_999,
    1_234_567,
    -5,
    2.5,
  ];

  it.each(LOCALES.map((l) => [l.code, l.htmlLang]))(
    'writes every count as Intl.NumberFormat does in %s',
    (code, tag) => {
      const intl = new Intl.NumberFormat(tag);
      for (const n of samples) {
        expect(formatInteger(n, code), `${n}`).toBe(intl.format(n));
        expect(formatInteger(n, tag), `${n}`).toBe(intl.format(n));
      }
    },
  );

  it('groups from 1,000 in the language’s own way', () => {
    expect(formatInteger(12_345, 'en')).toBe('12,345');
    expect(formatInteger(12_345, 'io')).toBe('12.345');
    expect(formatInteger(12_345, 'fr')).toBe('12\u202f345');
  });
});
