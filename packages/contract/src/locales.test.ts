import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_CODES,
  LOCALES,
  localeFromAcceptLanguage,
  localeInfo,
  localePrefix,
} from './locales';

describe('LOCALES', () => {
  it('has the 11 interface languages of the spec, English first and default', () => {
    expect([...LOCALE_CODES].sort()).toEqual([
      'ar',
      'en',
      'es',
      'fr',
      'io',
      'ja',
      'kr',
      'pt',
      'ru',
      'vi',
      'zh',
    ]);
    expect(new Set(LOCALES.map((l) => l.htmlLang)).size).toBe(11);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('gives io and kr their proper language tags, and Arabic right-to-left', () => {
    expect(localeInfo('io').htmlLang).toBe('id');
    expect(localeInfo('kr').htmlLang).toBe('ko');
    expect(localeInfo('ar').dir).toBe('rtl');
    for (const l of LOCALES.filter((x) => x.code !== 'ar')) expect(l.dir, l.code).toBe('ltr');
  });

  it('recognises locale codes only', () => {
    for (const code of LOCALE_CODES) expect(isLocale(code)).toBe(true);
    for (const value of ['de', 'id', 'ko', 'EN', '', undefined, null, 1, ['en']])
      expect(isLocale(value)).toBe(false);
  });

  it('prefixes every locale but English', () => {
    expect(localePrefix('en')).toBe('');
    expect(localePrefix('kr')).toBe('/kr');
  });
});

describe('localeFromAcceptLanguage', () => {
  const cases: [string | undefined, string | undefined][] = [
    ['id-ID,en;q=0.5', 'io'],
    ['id', 'io'],
    ['ko', 'kr'],
    ['ko-KR,ko;q=0.9', 'kr'],
    ['zh-TW', 'zh'],
    ['zh-CN,zh;q=0.9', 'zh'],
    ['ar-EG', 'ar'],
    ['pt-BR', 'pt'],
    ['FR-ca', 'fr'],
    ['de', undefined],
    ['de-DE,nl;q=0.8', undefined],
    ['*', undefined],
    ['', undefined],
    [undefined, undefined],
    // Quality ordering, not header order.
    ['en;q=0.3,fr;q=0.9', 'fr'],
    ['es;q=0.1, ja;q=0.8, ru;q=0.5', 'ja'],
    // Unsupported languages are skipped, whatever their quality.
    ['de,ja;q=0.8,fr;q=0.5', 'ja'],
    // q=0 means "not acceptable".
    ['fr;q=0,es;q=0.2', 'es'],
    ['fr;q=0', undefined],
    // Equal qualities keep header order.
    ['vi,ru', 'vi'],
    // Whitespace is tolerated.
    ['  ja ; q=0.8 , en ; q=0.1', 'ja'],
  ];

  it.each(cases)('%j -> %j', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
