import { GIRL_BUILDER, type GirlBuilderField } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/images.json';
import { optionKey } from './option-key';

describe('optionKey', () => {
  it('turns every character that is not a letter or digit into _', () => {
    expect(optionKey('school mate')).toBe('school_mate');
    expect(optionKey('18+')).toBe('18_');
    expect(optionKey('40-55')).toBe('40_55');
    expect(optionKey('t-shirt and jeans')).toBe('t_shirt_and_jeans');
    expect(optionKey('20s')).toBe('20s');
    expect(optionKey('ceo')).toBe('ceo');
  });

  it('gives distinct keys within each builder field, none of them a plural suffix or "label"', () => {
    for (const [field, values] of Object.entries(GIRL_BUILDER)) {
      const keys = values.map(optionKey);
      expect(new Set(keys).size, field).toBe(values.length);
      for (const key of keys) {
        expect(key).not.toBe('label');
        expect(key).not.toMatch(/_(zero|one|two|few|many|other)$/);
      }
    }
  });

  it('names every builder value in the English texts', () => {
    const builder = en.builder as unknown as Record<GirlBuilderField, Record<string, string>>;
    for (const [field, values] of Object.entries(GIRL_BUILDER) as [GirlBuilderField, readonly string[]][]) {
      expect(builder[field]?.label, field).toBeTruthy();
      for (const value of values)
        expect(builder[field]?.[optionKey(value)], `${field}.${value}`).toBeTruthy();
    }
  });
});
