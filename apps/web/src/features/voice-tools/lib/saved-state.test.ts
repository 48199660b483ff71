import { describe, expect, it } from 'vitest';
import { DEFAULT_CLONE, DEFAULT_GENERATOR, parseCloneForm, parseGeneratorForm } from './saved-state';

describe('kept forms', () => {
  it('fall back to the defaults when nothing or nonsense is kept', () => {
    expect(parseGeneratorForm(null)).toEqual(DEFAULT_GENERATOR);
    expect(parseGeneratorForm('{oops')).toEqual(DEFAULT_GENERATOR);
    expect(parseCloneForm('42')).toEqual(DEFAULT_CLONE);
  });

  it('keep known values of the generator', () => {
    const kept = JSON.stringify({ voiceId: 'adam', text: 'Hello', format: 'wav' });
    expect(parseGeneratorForm(kept)).toEqual({ voiceId: 'adam', text: 'Hello', format: 'wav' });
  });

  it('drop unknown voices, formats and over-long texts', () => {
    const kept = JSON.stringify({ voiceId: 'nobody', text: 'x'.repeat(6000), format: 'flac' });
    const form = parseGeneratorForm(kept);
    expect(form.voiceId).toBe('aria');
    expect(form.format).toBe('mp3');
    expect(form.text).toHaveLength(5000);
  });

  it('keep the cloning step, the chosen tabs and the text', () => {
    const kept = JSON.stringify({ step: 2, referenceSource: 'upload', scriptSource: 'record', text: 'Hi' });
    expect(parseCloneForm(kept)).toEqual({
      step: 2,
      referenceSource: 'upload',
      scriptSource: 'record',
      text: 'Hi',
      format: 'mp3',
    });
    expect(parseCloneForm(JSON.stringify({ step: 7, scriptSource: 'fax' }))).toMatchObject({
      step: 1,
      scriptSource: 'text',
    });
  });
});
