/**
 * One drawing per image style (the anime, girl and tattoo presets), so a style tile shows that
 * style: its palette, its subject, its composition and its line weight. Drawn as SVG in a 256x320
 * frame (the tiles' 4:5) by hand-written shapes, with no model and no third-party picture; the
 * offline renderer's own work. A configured image engine replaces them with real samples
 * (apps/server, preset samples).
 */

import { ANIME_DRAWINGS } from './style-previews/anime';
import { H, W, type Svg } from './style-previews/draw';
import { GIRL_DRAWINGS } from './style-previews/girl';
import { TATTOO_DRAWINGS } from './style-previews/tattoo';

/** The drawings by preset id, in the presets' order: anime, girl, tattoo. */
const DRAWINGS: Record<string, () => Svg> = { ...ANIME_DRAWINGS, ...GIRL_DRAWINGS, ...TATTOO_DRAWINGS };

/** The styles that have their own drawing. */
export const STYLE_PREVIEW_IDS: readonly string[] = Object.keys(DRAWINGS);

/**
 * The drawing of one style (a preset id) as SVG, scaled to `width` x `height` (the frame is
 * 4:5; other shapes crop its middle); undefined for a style without one.
 */
export function stylePreviewSvg(id: string, width = W, height = H): string | undefined {
  const draw = DRAWINGS[id];
  if (!draw) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${draw()}</svg>`;
}
