import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickSample, SAMPLES, sampleUrl } from './samples';

describe('random sample photos', () => {
  it('are all bundled in public/faceswap-samples', () => {
    const dir = path.join(import.meta.dirname, '..', '..', '..', '..', 'public', 'faceswap-samples');
    for (const sample of SAMPLES) expect(fs.existsSync(path.join(dir, sample)), sample).toBe(true);
    expect(sampleUrl('astronaut.jpg')).toBe('/faceswap-samples/astronaut.jpg');
  });

  it('spreads [0, 1) over the samples', () => {
    expect(pickSample(0)).toBe(SAMPLES[0]);
    expect(pickSample(0.5)).toBe(SAMPLES[1]);
    expect(pickSample(0.999)).toBe(SAMPLES[2]);
    expect(new Set([0, 0.34, 0.67].map((r) => pickSample(r)))).toEqual(new Set(SAMPLES));
  });

  it('picks one not already in use', () => {
    for (const r of [0, 0.3, 0.6, 0.99]) {
      expect(pickSample(r, ['astronaut.jpg'])).not.toBe('astronaut.jpg');
      expect(pickSample(r, ['astronaut.jpg', 'astronaut-mono.jpg'])).toBe('astronaut-warm.jpg');
    }
  });

  it('picks any when all are in use', () => {
    expect(SAMPLES).toContain(pickSample(0.5, [...SAMPLES]));
  });
});
