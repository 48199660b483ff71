/** The drawing kit of the style previews: the 256x320 frame, SVG helpers and the bust. */

export const W = 256;
export const H = 320;

export type Svg = string;

export const f = (n: number) => (Math.round(n * 10) / 10).toString();

export function path(d: string, attrs: string): Svg {
  return `<path d="${d}" ${attrs}/>`;
}

export function linear(id: string, stops: string[], vertical = true): Svg {
  const s = stops.map((c, i) => `<stop offset="${f(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s.join('')}</linearGradient>`;
}

export function radial(id: string, inner: string, outer: string): Svg {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

export const sky = (fill: string) => `<rect width="${W}" height="${H}" fill="${fill}"/>`;

/** Small deterministic scatter, so the drawings stay the same from run to run. */
export function scatter(
  n: number,
  seed: number,
  box = { x: 0, y: 0, w: W, h: H },
): [number, number, number][] {
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return Array.from({ length: n }, () => [box.x + next() * box.w, box.y + next() * box.h, next()]);
}

export interface BustOptions {
  cx: number;
  /** The chin's height. */
  cy: number;
  /** Head radius. */
  r: number;
  skin: string;
  hair: string;
  outfit: string;
  line?: string;
  lineWidth?: number;
  /** Hair down to the shoulders (long) or not. */
  long?: boolean;
  /** Anime eyes (big, with highlights), real (small, lidded) or closed. */
  eyes?: 'anime' | 'real' | 'none';
  eyeColour?: string;
  ears?: 'elf' | 'cat';
  blush?: boolean;
  lips?: string;
}

/** A head and shoulders, the figure most styles draw. */
export function bust(o: BustOptions): Svg {
  const { cx, cy, r } = o;
  const line = o.line ?? 'none';
  const lw = o.lineWidth ?? 0;
  const stroke = lw > 0 ? `stroke="${line}" stroke-width="${f(lw)}" stroke-linejoin="round"` : '';
  const hy = cy - r; // head centre
  const parts: Svg[] = [];
  // Hair behind the head.
  if (o.long) {
    parts.push(
      path(
        `M${f(cx - r * 1.15)},${f(hy)} Q${f(cx - r * 1.35)},${f(cy + r * 1.2)} ${f(cx - r * 0.9)},${f(cy + r * 1.6)} L${f(cx + r * 0.9)},${f(cy + r * 1.6)} Q${f(cx + r * 1.35)},${f(cy + r * 1.2)} ${f(cx + r * 1.15)},${f(hy)} Z`,
        `fill="${o.hair}" ${stroke}`,
      ),
    );
  }
  // Shoulders and neck.
  parts.push(
    path(
      `M${f(cx - r * 2.2)},${H} Q${f(cx - r * 2)},${f(cy + r * 0.9)} ${f(cx - r * 0.5)},${f(cy + r * 0.55)} L${f(cx + r * 0.5)},${f(cy + r * 0.55)} Q${f(cx + r * 2)},${f(cy + r * 0.9)} ${f(cx + r * 2.2)},${H} Z`,
      `fill="${o.outfit}" ${stroke}`,
    ),
    `<rect x="${f(cx - r * 0.32)}" y="${f(cy - r * 0.2)}" width="${f(r * 0.64)}" height="${f(r * 0.8)}" fill="${o.skin}" ${stroke}/>`,
  );
  // Ears.
  if (o.ears === 'elf') {
    for (const side of [-1, 1]) {
      parts.push(
        path(
          `M${f(cx + side * r * 0.9)},${f(hy - r * 0.1)} L${f(cx + side * r * 1.75)},${f(hy - r * 0.75)} L${f(cx + side * r * 0.95)},${f(hy + r * 0.3)} Z`,
          `fill="${o.skin}" ${stroke}`,
        ),
      );
    }
  }
  // Face.
  parts.push(
    path(
      `M${f(cx - r)},${f(hy - r * 0.1)} Q${f(cx - r)},${f(cy - r * 0.25)} ${f(cx)},${f(cy)} Q${f(cx + r)},${f(cy - r * 0.25)} ${f(cx + r)},${f(hy - r * 0.1)} A${f(r)},${f(r)} 0 0 0 ${f(cx - r)},${f(hy - r * 0.1)} Z`,
      `fill="${o.skin}" ${stroke}`,
    ),
  );
  // Fringe.
  parts.push(
    path(
      `M${f(cx - r * 1.08)},${f(hy + r * 0.1)} Q${f(cx - r * 1.1)},${f(hy - r * 1.25)} ${f(cx)},${f(hy - r * 1.15)} Q${f(cx + r * 1.1)},${f(hy - r * 1.25)} ${f(cx + r * 1.08)},${f(hy + r * 0.1)} Q${f(cx + r * 0.6)},${f(hy - r * 0.55)} ${f(cx + r * 0.1)},${f(hy - r * 0.35)} Q${f(cx - r * 0.4)},${f(hy - r * 0.65)} ${f(cx - r * 1.08)},${f(hy + r * 0.1)} Z`,
      `fill="${o.hair}" ${stroke}`,
    ),
  );
  if (o.ears === 'cat') {
    for (const side of [-1, 1]) {
      parts.push(
        path(
          `M${f(cx + side * r * 0.35)},${f(hy - r * 0.95)} L${f(cx + side * r * 0.85)},${f(hy - r * 1.75)} L${f(cx + side * r * 1.0)},${f(hy - r * 0.6)} Z`,
          `fill="${o.hair}" ${stroke}`,
        ),
      );
    }
  }
  // Eyes.
  const ey = hy + r * 0.15;
  const eyes = o.eyes ?? 'anime';
  for (const side of [-1, 1]) {
    const ex = cx + side * r * 0.42;
    if (eyes === 'anime') {
      parts.push(
        `<ellipse cx="${f(ex)}" cy="${f(ey)}" rx="${f(r * 0.2)}" ry="${f(r * 0.28)}" fill="${o.eyeColour ?? '#3a2a6a'}"/>`,
        `<circle cx="${f(ex - r * 0.06)}" cy="${f(ey - r * 0.1)}" r="${f(r * 0.08)}" fill="#fff"/>`,
        path(
          `M${f(ex - r * 0.24)},${f(ey - r * 0.26)} Q${f(ex)},${f(ey - r * 0.42)} ${f(ex + r * 0.24)},${f(ey - r * 0.26)}`,
          `fill="none" stroke="#1b1420" stroke-width="${f(Math.max(1.2, r * 0.06))}" stroke-linecap="round"`,
        ),
      );
    } else if (eyes === 'real') {
      parts.push(
        `<ellipse cx="${f(ex)}" cy="${f(ey)}" rx="${f(r * 0.16)}" ry="${f(r * 0.08)}" fill="#f4efe9"/>`,
        `<circle cx="${f(ex)}" cy="${f(ey)}" r="${f(r * 0.07)}" fill="${o.eyeColour ?? '#4a3526'}"/>`,
        path(
          `M${f(ex - r * 0.2)},${f(ey - r * 0.19)} Q${f(ex)},${f(ey - r * 0.26)} ${f(ex + r * 0.2)},${f(ey - r * 0.17)}`,
          `fill="none" stroke="${o.hair}" stroke-width="${f(r * 0.06)}" stroke-linecap="round"`,
        ),
      );
    } else {
      parts.push(
        path(
          `M${f(ex - r * 0.16)},${f(ey)} Q${f(ex)},${f(ey + r * 0.1)} ${f(ex + r * 0.16)},${f(ey)}`,
          `fill="none" stroke="#2a1d24" stroke-width="${f(Math.max(1, r * 0.05))}" stroke-linecap="round"`,
        ),
      );
    }
  }
  if (o.blush) {
    for (const side of [-1, 1]) {
      parts.push(
        `<ellipse cx="${f(cx + side * r * 0.55)}" cy="${f(ey + r * 0.33)}" rx="${f(r * 0.16)}" ry="${f(r * 0.07)}" fill="#ff8fa8" opacity="0.6"/>`,
      );
    }
  }
  parts.push(
    path(
      `M${f(cx - r * 0.16)},${f(cy - r * 0.3)} Q${f(cx)},${f(cy - r * 0.2)} ${f(cx + r * 0.16)},${f(cy - r * 0.3)}`,
      `fill="none" stroke="${o.lips ?? '#b34a5a'}" stroke-width="${f(Math.max(1.2, r * 0.07))}" stroke-linecap="round"`,
    ),
  );
  return parts.join('');
}

export function grainFilter(id: string, amount = 0.18): Svg {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="3" result="n"/><feColorMatrix in="n" type="matrix" values="0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 ${amount} 0" result="g"/><feBlend in="SourceGraphic" in2="g" mode="multiply"/></filter>`;
}

/** Soft, bleeding edges: blur, then the edge pushed about by noise. */
export function washFilter(id: string, blur = 4, push = 14): Svg {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="3" seed="8" result="t"/><feGaussianBlur in="SourceGraphic" stdDeviation="${blur}" result="b"/><feDisplacementMap in="b" in2="t" scale="${push}" xChannelSelector="R" yChannelSelector="G"/></filter>`;
}

export const blurFilter = (id: string, sd: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;
