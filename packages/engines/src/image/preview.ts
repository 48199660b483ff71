import sharp from 'sharp';
import { deadline } from './http';
import { seededRandom } from '../random';
import type { GeneratedImage, ImageEngine, ImageRequest } from './types';

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/** Palettes (hue ranges) the prompt's words suggest; the seed picks within them. */
const MOODS: [RegExp, number[]][] = [
  [/sunset|sunrise|golden|warm|fire|desert|autumn/i, [18, 35, 330]],
  [/neon|cyber|city|night|club|stage|idol/i, [300, 190, 260]],
  [/forest|garden|elf|nature|green|village/i, [110, 140, 60]],
  [/ocean|sea|beach|rain|water|blue|ice|winter/i, [200, 185, 220]],
  [/space|star|galaxy|magic|mage|witch|dark|gothic/i, [260, 230, 290]],
  [/rose|love|pink|blossom|cherry|romantic/i, [340, 320, 10]],
];

const TATTOO = /tattoo|blackwork|stencil/i;

function palette(prompt: string, rnd: () => number): number[] {
  for (const [pattern, hues] of MOODS) if (pattern.test(prompt)) return hues;
  const h = Math.floor(rnd() * 360);
  return [h, (h + 40) % 360, (h + 200) % 360];
}

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${h.toFixed(0)},${s}%,${l}%,${a})`;

/** An SVG picture drawn from the prompt and seed: sky, glowing shapes, hills or a line design. */
export function previewSvg(prompt: string, seed: number, width: number, height: number): string {
  const rnd = seededRandom(hash(prompt) ^ seed);
  const parts: string[] = [];
  if (TATTOO.test(prompt)) {
    const cx = width / 2;
    const cy = height / 2;
    const r = Math.min(width, height) * 0.38;
    const petals = 6 + Math.floor(rnd() * 10);
    parts.push(`<rect width="${width}" height="${height}" fill="#fbfaf7"/>`);
    for (let ring = 0; ring < 4; ring++) {
      const rr = r * (1 - ring * 0.22);
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${rr.toFixed(1)}" fill="none" stroke="#111" stroke-width="${(3 + rnd() * 5).toFixed(1)}"/>`,
      );
      for (let i = 0; i < petals; i++) {
        const a = (i / petals) * Math.PI * 2 + ring * 0.3;
        const x = cx + Math.cos(a) * rr;
        const y = cy + Math.sin(a) * rr;
        const c1x = cx + Math.cos(a + 0.4) * rr * 0.5;
        const c1y = cy + Math.sin(a + 0.4) * rr * 0.5;
        parts.push(
          `<path d="M${cx},${cy} Q${c1x.toFixed(1)},${c1y.toFixed(1)} ${x.toFixed(1)},${y.toFixed(1)}" fill="none" stroke="#111" stroke-width="${(2 + rnd() * 3).toFixed(1)}" stroke-linecap="round"/>`,
        );
      }
    }
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${(r * 0.12).toFixed(1)}" fill="#111"/>`);
  } else {
    const hues = palette(prompt, rnd);
    const [h0, h1, h2] = hues as [number, number, number];
    parts.push(
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(h0, 60, 18)}"/><stop offset="0.6" stop-color="${hsl(h1, 65, 42)}"/><stop offset="1" stop-color="${hsl(h2, 70, 62)}"/></linearGradient>`,
    );
    const glows = 5 + Math.floor(rnd() * 5);
    for (let i = 0; i < glows; i++) {
      const h = hues[i % hues.length]! + rnd() * 30 - 15;
      parts.push(
        `<radialGradient id="g${i}"><stop offset="0" stop-color="${hsl(h, 85, 70, 0.85)}"/><stop offset="1" stop-color="${hsl(h, 85, 60, 0)}"/></radialGradient>`,
      );
    }
    parts.push('</defs>', `<rect width="${width}" height="${height}" fill="url(#sky)"/>`);
    for (let i = 0; i < 40 + Math.floor(rnd() * 60); i++) {
      parts.push(
        `<circle cx="${(rnd() * width).toFixed(0)}" cy="${(rnd() * height * 0.6).toFixed(0)}" r="${(rnd() * 2 + 0.5).toFixed(1)}" fill="rgba(255,255,255,${(rnd() * 0.7 + 0.2).toFixed(2)})"/>`,
      );
    }
    for (let i = 0; i < glows; i++) {
      const r = Math.min(width, height) * (0.15 + rnd() * 0.35);
      parts.push(
        `<circle cx="${(rnd() * width).toFixed(0)}" cy="${(rnd() * height * 0.8).toFixed(0)}" r="${r.toFixed(0)}" fill="url(#g${i})"/>`,
      );
    }
    const sunR = Math.min(width, height) * (0.08 + rnd() * 0.08);
    parts.push(
      `<circle cx="${(width * (0.2 + rnd() * 0.6)).toFixed(0)}" cy="${(height * (0.25 + rnd() * 0.2)).toFixed(0)}" r="${sunR.toFixed(0)}" fill="${hsl(h2, 90, 85, 0.95)}"/>`,
    );
    for (let layer = 0; layer < 3; layer++) {
      const base = height * (0.62 + layer * 0.12);
      const amp = height * (0.05 + rnd() * 0.06);
      const waves = 2 + Math.floor(rnd() * 3);
      const phase = rnd() * Math.PI * 2;
      let d = `M0,${height} L0,${base.toFixed(0)}`;
      for (let x = 0; x <= width; x += width / 32) {
        const y = base - Math.sin((x / width) * Math.PI * waves + phase) * amp;
        d += ` L${x.toFixed(0)},${y.toFixed(0)}`;
      }
      d += ` L${width},${height} Z`;
      parts.push(`<path d="${d}" fill="${hsl(hues[layer % hues.length]!, 45, 22 - layer * 6, 0.92)}"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/**
 * The embedded default: no model, no download. It draws a deterministic picture from the prompt
 * and seed (the same request gives the same picture), so every screen and the whole job system
 * work offline. It is a preview, and says so: the job, the page and the file's metadata mark it.
 */
export class PreviewImageEngine implements ImageEngine {
  readonly id = 'preview';
  readonly preview = true;
  /** It draws shapes from the prompt's words: a picture of someone would mean nothing to it. */
  readonly takesReference = false;

  constructor(private readonly options: { delayMs?: number } = {}) {}

  async generate(request: ImageRequest): Promise<GeneratedImage[]> {
    const limit = deadline(request.timeoutMs ?? 60_000, request.signal);
    try {
      const images: GeneratedImage[] = [];
      for (let i = 0; i < request.count; i++) {
        if (limit.signal.aborted) throw new Error('stopped');
        const svg = previewSvg(request.prompt, request.seed + i, request.width, request.height);
        const bytes = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
        images.push({ bytes, mime: 'image/png' });
        request.onProgress?.((i + 1) / request.count);
        if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs));
      }
      return images;
    } catch (err) {
      throw limit.failure(err, 'preview renderer');
    } finally {
      limit.done();
    }
  }
}
