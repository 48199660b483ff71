/**
 * The bundled sample photos the "Random photo" buttons pick from (public/faceswap-samples/,
 * made by scripts/render-faceswap-samples.mjs): seven public-domain portraits, a NASA photo and
 * six old paintings, each with one face (sources: docs/assets.md).
 */
export const SAMPLES = [
  'astronaut.jpg',
  'mona-lisa.jpg',
  'pearl-earring.jpg',
  'castiglione.jpg',
  'vigee-le-brun.jpg',
  'klimt-adele.jpg',
  'american-gothic.jpg',
] as const;
export type Sample = (typeof SAMPLES)[number];

export const sampleUrl = (sample: Sample) => `${import.meta.env.BASE_URL}faceswap-samples/${sample}`;

/**
 * A sample for `random` in [0, 1): one not in `avoid` (the photos already chosen), so each press
 * shows a different picture; any sample when all are taken.
 */
export function pickSample(random: number, avoid: readonly string[] = []): Sample {
  const fresh = SAMPLES.filter((sample) => !avoid.includes(sample));
  const pool = fresh.length > 0 ? fresh : SAMPLES;
  return pool[Math.min(pool.length - 1, Math.floor(random * pool.length))]!;
}

/** A sample as a File, so it is uploaded exactly like a photo the user chose. */
export async function fetchSample(sample: Sample, signal?: AbortSignal): Promise<File> {
  const response = await fetch(sampleUrl(sample), signal ? { signal } : {});
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], sample, { type: blob.type || 'image/jpeg' });
}
