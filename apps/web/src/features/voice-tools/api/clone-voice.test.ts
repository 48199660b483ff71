import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { cloneFormData } from './clone-voice';

const voice = { file: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/wav' }), name: 'me.wav' };

describe('cloneFormData', () => {
  it('sends consent, format and a typed script with the voice file', () => {
    const form = cloneFormData({ voice, script: { kind: 'text', text: '  Hello there  ' }, consent: true });
    expect(form.get('consent')).toBe('true');
    expect(form.get('format')).toBe('mp3');
    expect(form.get('text')).toBe('Hello there');
    expect((form.get('voice') as File).name).toBe('me.wav');
    expect(form.has('script')).toBe(false);
  });

  it('sends a recorded or uploaded script as the script file', () => {
    const script = { kind: 'audio' as const, file: new Blob([new Uint8Array([4])]), name: 'script.wav' };
    const form = cloneFormData({ voice, script, consent: true, format: 'wav' });
    expect(form.get('format')).toBe('wav');
    expect((form.get('script') as File).name).toBe('script.wav');
    expect(form.has('text')).toBe(false);
  });

  it('refuses without consent or without a script, before anything is sent', () => {
    expect(() => cloneFormData({ voice, script: { kind: 'text', text: 'Hi' }, consent: false })).toThrow(
      ApiError,
    );
    expect(() => cloneFormData({ voice, script: { kind: 'text', text: '   ' }, consent: true })).toThrow(
      ApiError,
    );
  });
});
