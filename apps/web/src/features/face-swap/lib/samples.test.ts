import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickSample, SAMPLES, sampleUrl } from './samples';

describe('random sample photos', () => {
  it('are all bundled in public/faceswap-samples', () => {
    const dir = path.join(import.meta.dirname, '..', '..', '..', '..', 'public', 'faceswap-samples');
    for (const sample of SAMPLES) expect(fs.existsSync(path.join(dir, sample)), sample).toBe(true);
    // And every photo there is in the pool (the engines' samples test checks the folder).
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.jpg'))
        .sort(),
    ).toEqual([...SAMPLES].sort());
    expect(sampleUrl('astronaut.jpg')).toBe('/faceswap-samples/astronaut.jpg');
  });

  it('spreads [0, 1) over the samples', () => {
    expect(pickSample(0)).toBe(SAMPLES[0]);
    expect(pickSample(0.5)).toBe(SAMPLES[Math.floor(SAMPLES.length / 2)]);
    expect(pickSample(0.999)).toBe(SAMPLES[SAMPLES.length - 1]);
    const spread = SAMPLES.map((_, i) => (i + 0.5) / SAMPLES.length);
    expect(new Set(spread.map((r) => pickSample(r)))).toEqual(new Set(SAMPLES));
  });

  it('picks one not already in use', () => {
    for (const r of [0, 0.3, 0.6, 0.99]) {
      expect(pickSample(r, ['astronaut.jpg'])).not.toBe('astronaut.jpg');
      const allButOne = SAMPLES.filter((s) => s !== 'castiglione.jpg');
      expect(pickSample(r, allButOne)).toBe('castiglione.jpg');
    }
  });

  it('picks any when all are in use', () => {
    expect(SAMPLES).toContain(pickSample(0.5, [...SAMPLES]));
  });
});
