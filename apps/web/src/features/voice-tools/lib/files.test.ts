import { SPEECH_LIMITS } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { checkAudioFile, lengthWarning } from './files';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkAudioFile', () => {
  it('accepts audio by type or by name', () => {
    expect(checkAudioFile(file('me.wav', 'audio/wav'), 'reference')).toBeNull();
    expect(checkAudioFile(file('me.m4a', ''), 'reference')).toBeNull();
    expect(checkAudioFile(file('clip.mp4', 'video/mp4'), 'script')).toBeNull();
    expect(checkAudioFile(file('voice.OGG', 'application/octet-stream'), 'script')).toBeNull();
  });

  it('refuses what is plainly not audio', () => {
    expect(checkAudioFile(file('photo.jpg', 'image/jpeg'), 'reference')).toEqual({ kind: 'notAudio' });
    expect(checkAudioFile(file('notes', ''), 'script')).toEqual({ kind: 'notAudio' });
  });

  it('holds each role to its size limit (100 MB voice, 200 MB script)', () => {
    const big = SPEECH_LIMITS.referenceMaxBytes + 1;
    expect(checkAudioFile(file('a.wav', 'audio/wav', big), 'reference')).toEqual({
      kind: 'tooLarge',
      maxBytes: SPEECH_LIMITS.referenceMaxBytes,
    });
    expect(checkAudioFile(file('a.wav', 'audio/wav', big), 'script')).toBeNull();
    expect(
      checkAudioFile(file('a.wav', 'audio/wav', SPEECH_LIMITS.referenceMaxBytes), 'reference'),
    ).toBeNull();
    expect(
      checkAudioFile(file('a.wav', 'audio/wav', SPEECH_LIMITS.scriptMaxBytes + 1), 'script'),
    ).toMatchObject({
      kind: 'tooLarge',
    });
  });
});

describe('lengthWarning', () => {
  it('wants the voice to clone between 10 and 20 seconds', () => {
    expect(lengthWarning(9.9, 'reference')).toBe('short');
    expect(lengthWarning(10, 'reference')).toBeNull();
    expect(lengthWarning(15, 'reference')).toBeNull();
    expect(lengthWarning(20, 'reference')).toBeNull();
    expect(lengthWarning(20.5, 'reference')).toBe('long');
  });

  it('wants a script of at most a minute', () => {
    expect(lengthWarning(3, 'script')).toBeNull();
    expect(lengthWarning(60, 'script')).toBeNull();
    expect(lengthWarning(61, 'script')).toBe('long');
  });

  it('says nothing when the length is unknown', () => {
    expect(lengthWarning(null, 'reference')).toBeNull();
    expect(lengthWarning(Infinity, 'script')).toBeNull();
  });
});
