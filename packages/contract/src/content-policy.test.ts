import { describe, expect, it } from 'vitest';
import { findMinorSexualisation } from './content-policy';

const check = (adult: boolean, ...texts: string[]) => findMinorSexualisation({ adult, texts });

describe('content policy', () => {
  it('allows ordinary adult characters, safe or adult', () => {
    expect(check(false, 'A 28-year-old barista who loves jazz.', 'Hey there, welcome in!')).toBeNull();
    expect(
      check(true, 'A confident 34-year-old singer with a sultry voice.', 'She leans closer.'),
    ).toBeNull();
    expect(check(false, 'A kindergarten teacher who adores the children in her class.')).toBeNull();
    expect(check(false, 'When she was 12 years old she moved to Lisbon.')).toBeNull();
  });

  it('always refuses terms that only exist to sexualise minors', () => {
    expect(check(false, 'a cute loli girl')).toBe('loli');
    expect(check(false, 'She is underage')).toBe('underage');
    expect(check(false, 'a pre-teen idol')).toBe('pre-teen');
  });

  it('refuses minor descriptors and ages on adult characters', () => {
    expect(check(true, 'A shy schoolgirl.')).toBe('schoolgirl');
    expect(check(true, 'She is 16 years old.')).toBe('16 years old');
    expect(check(true, 'age: 15')).toBe('age: 15');
    expect(check(true, 'a high school student')).toBe('high school');
  });

  it('refuses them in sexual text even when the card is not marked adult', () => {
    expect(check(false, 'A 15-year-old who wants to seduce you')).toBe('15-year-old');
    expect(check(false, 'My little girl', 'she undresses slowly')).toBe('little girl');
  });
});
