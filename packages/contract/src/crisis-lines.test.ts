import { describe, expect, it } from 'vitest';
import { CRISIS_FALLBACK, CRISIS_LINES, crisisLine } from './crisis-lines';
import { LOCALE_CODES } from './locales';

describe('CRISIS_LINES', () => {
  it.each(LOCALE_CODES)(
    '%s has a line with a number to call and the official page it relies on',
    (locale) => {
      const line = CRISIS_LINES[locale];
      expect(line.locale).toBe(locale);
      expect(line.country).toMatch(/^[A-Z]{2}$/);
      expect(line.countryName.trim()).not.toBe('');
      expect(line.name.trim()).not.toBe('');
      expect(line.phone.trim()).not.toBe('');
      // What a tel: link dials: digits only, an international form with a leading +.
      expect(line.dial).toMatch(/^\+?\d{3,15}$/);
      // The link dials the number shown (its national form may add a 0 or drop the country code).
      expect(line.phone.replace(/\D/g, '')).toContain(line.dial.replace(/\D/g, '').slice(-7));
      if (line.sms !== undefined) expect(line.sms).toMatch(/^\+?\d{3,15}$/);
      expect(line.emergency).toMatch(/^\d{3}$/);
      expect(line.url).toMatch(/^https:\/\//);
      expect(line.source).toMatch(/^https:\/\/[^/]+\./);
    },
  );

  it('gives the line of the reader’s language', () => {
    expect(crisisLine('en')).toMatchObject({ kind: 'line', country: 'US', phone: '988', sms: '988' });
    expect(crisisLine('fr')).toMatchObject({ kind: 'line', country: 'FR', phone: '3114' });
    expect(crisisLine('pt')).toMatchObject({ kind: 'line', country: 'BR', phone: '188' });
  });

  it('falls back to the international directory for any other language', () => {
    expect(crisisLine('de')).toBe(CRISIS_FALLBACK);
    expect(crisisLine('toString')).toBe(CRISIS_FALLBACK);
    expect(CRISIS_FALLBACK.url).toMatch(/^https:\/\//);
  });
});
