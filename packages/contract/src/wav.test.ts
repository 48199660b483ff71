import { describe, expect, it } from 'vitest';
import { encodeWav } from './wav';

describe('encodeWav', () => {
  it('writes a mono 16-bit PCM RIFF header and clamped samples', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2, -0.5]), 24_000);
    const view = new DataView(wav);
    const text = (at: number, n: number) => String.fromCharCode(...new Uint8Array(wav.slice(at, at + n)));
    expect(wav.byteLength).toBe(44 + 5 * 2);
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(text(36, 4)).toBe('data');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(24_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 32767, -16384,
    ]);
  });
});
