import { describe, expect, it } from 'vitest';
import { audioFileName, dateStamp, formatDuration, formatOfType, megabytes, speechCost } from './format';

describe('formatDuration', () => {
  it('shows minutes and zero-padded seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(15.4)).toBe('0:15');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(200)).toBe('3:20');
  });

  it('floors for running timers: a second shows once it has passed', () => {
    expect(formatDuration(9.99, 'floor')).toBe('0:09');
    expect(formatDuration(20, 'floor')).toBe('0:20');
  });

  it('answers null for lengths it cannot know', () => {
    expect(formatDuration(Number.NaN)).toBeNull();
    expect(formatDuration(Infinity)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });
});

describe('speechCost: 1 credit per started 100 characters, as the server counts', () => {
  it('is at least 1', () => {
    expect(speechCost('')).toBe(1);
    expect(speechCost('Hi')).toBe(1);
  });

  it('counts per started block of 100', () => {
    expect(speechCost('a'.repeat(100))).toBe(1);
    expect(speechCost('a'.repeat(101))).toBe(2);
    expect(speechCost('a'.repeat(5000))).toBe(50);
  });

  it('trims first, as the server validates', () => {
    expect(speechCost(`  ${'a'.repeat(100)}   \n`)).toBe(1);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(speechCost('😀'.repeat(100))).toBe(1);
  });
});

describe('file names', () => {
  it('uses the local date', () => {
    expect(dateStamp(new Date(2025, 0, 5, 23, 59).getTime())).toBe('2025-01-05');
  });

  it('is voice-<voice>-<date>.<format>', () => {
    const ms = new Date(2025, 5, 1, 12).getTime();
    expect(audioFileName('Aria', ms, 'mp3')).toBe('voice-aria-2025-06-01.mp3');
    expect(audioFileName('clone', ms, 'wav')).toBe('voice-clone-2025-06-01.wav');
    expect(audioFileName('  ', ms, 'mp3')).toBe('voice-audio-2025-06-01.mp3');
  });

  it('takes the extension from the answered type', () => {
    expect(formatOfType('audio/mpeg')).toBe('mp3');
    expect(formatOfType('audio/wav')).toBe('wav');
    expect(formatOfType('audio/x-wav')).toBe('wav');
  });

  it('shows limits in whole megabytes', () => {
    expect(megabytes(100 * 1024 * 1024)).toBe(100);
  });
});
