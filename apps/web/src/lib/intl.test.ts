import { LOCALES } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { formatInteger, formatTimeAgo, intlLocale } from './intl';

describe('intlLocale', () => {
  it('gives Intl the proper tag of a route code, and keeps a tag it is given', () => {
    expect(intlLocale('io')).toBe('id');
    expect(intlLocale('kr')).toBe('ko');
    expect(intlLocale('zh')).toBe('zh-CN');
    expect(intlLocale('en')).toBe('en');
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
    // The pay pages' credit counts.
    expect(formatInteger(24000, 'en')).toBe('24,000');
    expect(formatInteger(24000, 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe('24 000');
    expect(formatInteger(24000, 'io')).toBe('24.000');
  });
});

describe('formatTimeAgo', () => {
  const now = Date.UTC(2026, 11, 1, 12);
  it('says the largest whole unit, in the language', () => {
    expect(formatTimeAgo(now, now, 'en')).toBe('now');
    expect(formatTimeAgo(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatTimeAgo(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
    expect(formatTimeAgo(now - 86_400_000, now, 'en')).toBe('yesterday');
    expect(formatTimeAgo(now - 15 * 86_400_000, now, 'en')).toBe('2 weeks ago');
    expect(formatTimeAgo(now - 400 * 86_400_000, now, 'en')).toBe('last year');
    expect(formatTimeAgo(now - 2 * 86_400_000, now, 'kr')).toBe('그저께');
    expect(formatTimeAgo(now - 5 * 60_000, now, 'fr')).toBe('il y a 5 minutes');
  });
});
