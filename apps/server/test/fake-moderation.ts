import { NsfwImageEngine, type NsfwScores } from '@lumi/engines';
import sharp from 'sharp';

/** The colour the fake classifier calls explicit, and one it calls clean. */
export const SCARLET = '#e6141e';
export const TEAL = '#1e8c8c';

/** The fake classifier's rule: a mostly scarlet picture is "explicit". */
export async function isScarlet(bytes: Uint8Array): Promise<boolean> {
  const { channels } = await sharp(bytes).stats();
  const [r, g, b] = channels.map((c) => c.mean) as [number, number, number];
  return r > 180 && g < 70 && b < 70;
}

const EXPLICIT: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0.04, Porn: 0.96, Sexy: 0 };
const NEUTRAL: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 1, Porn: 0, Sexy: 0 };

/**
 * The real nsfwjs engine (its verdicts: explicit is refused where adult content is off, allowed
 * and marked `sexual` where it is on) on scores the test decides: scarlet pictures are explicit.
 * For AppDeps.moderation.image, so that a test needs no model and knows the answer.
 */
export const fakeClassifier = () =>
  new NsfwImageEngine({ classify: async (image) => ((await isScarlet(image)) ? EXPLICIT : NEUTRAL) });

/** A flat picture of one colour, as PNG. */
export const flatPng = (color: string, width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
