/**
 * One drawing per image style (the anime, girl and tattoo presets), so a style tile shows that
 * style: its palette, its subject, its composition and its line weight. Drawn as SVG in a 256x320
 * frame (the tiles' 4:5) by hand-written shapes, with no model and no third-party picture; the
 * offline renderer's own work. A configured image engine replaces them with real samples
 * (apps/server, preset samples).
 */

const W = 256;
const H = 320;

type Svg = string;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

function path(d: string, attrs: string): Svg {
  return `<path d="${d}" ${attrs}/>`;
}

function linear(id: string, stops: string[], vertical = true): Svg {
  const s = stops.map((c, i) => `<stop offset="${f(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s.join('')}</linearGradient>`;
}

function radial(id: string, inner: string, outer: string): Svg {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

const sky = (fill: string) => `<rect width="${W}" height="${H}" fill="${fill}"/>`;

/** Small deterministic scatter, so the drawings stay the same from run to run. */
function scatter(n: number, seed: number, box = { x: 0, y: 0, w: W, h: H }): [number, number, number][] {
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return Array.from({ length: n }, () => [box.x + next() * box.w, box.y + next() * box.h, next()]);
}

interface BustOptions {
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
function bust(o: BustOptions): Svg {
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

function grainFilter(id: string, amount = 0.18): Svg {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="3" result="n"/><feColorMatrix in="n" type="matrix" values="0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 ${amount} 0" result="g"/><feBlend in="SourceGraphic" in2="g" mode="multiply"/></filter>`;
}

/** Soft, bleeding edges: blur, then the edge pushed about by noise. */
function washFilter(id: string, blur = 4, push = 14): Svg {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="3" seed="8" result="t"/><feGaussianBlur in="SourceGraphic" stdDeviation="${blur}" result="b"/><feDisplacementMap in="b" in2="t" scale="${push}" xChannelSelector="R" yChannelSelector="G"/></filter>`;
}

const blurFilter = (id: string, sd: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

// ---------------------------------------------------------------------------------------------
// Anime

function animeClassic(): Svg {
  // Rooftop at sunset: warm sky, a railing, a girl with long hair; clean outlines, cel shading.
  return [
    `<defs>${linear('s', ['#ff9a62', '#ffcf8a', '#ffe9c2'])}</defs>`,
    sky('url(#s)'),
    `<circle cx="196" cy="150" r="34" fill="#fff3d6"/>`,
    `<rect x="0" y="196" width="256" height="124" fill="#6f5a7d"/>`,
    ...Array.from(
      { length: 9 },
      (_, i) => `<rect x="${i * 32 + 4}" y="200" width="5" height="40" fill="#3b2f48"/>`,
    ),
    `<rect x="0" y="196" width="256" height="7" fill="#3b2f48"/>`,
    bust({
      cx: 108,
      cy: 200,
      r: 40,
      skin: '#ffe1cf',
      hair: '#5b3a8c',
      outfit: '#f3f1f7',
      line: '#2a1d3a',
      lineWidth: 3,
      long: true,
      eyeColour: '#6b3fa0',
    }),
    path('M60,260 L156,262', 'stroke="#c7405e" stroke-width="10" stroke-linecap="round"'),
  ].join('');
}

function animeWatercolor(): Svg {
  // A village street after rain, in soft bleeding washes on pale paper, with a light pencil line.
  const pencil = 'stroke="#4a4f63" stroke-width="1.4" fill="none" stroke-linejoin="round"';
  return [
    `<defs>${washFilter('w', 2, 12)}${grainFilter('p', 0.14)}</defs>`,
    sky('#f5efe2'),
    `<g filter="url(#w)" opacity="0.9">`,
    `<ellipse cx="80" cy="50" rx="120" ry="56" fill="#8fb8e6"/>`,
    `<ellipse cx="210" cy="70" rx="80" ry="46" fill="#c2a6e6"/>`,
    `<rect x="14" y="122" width="78" height="118" fill="#e89a7e"/>`,
    `<polygon points="4,126 53,84 102,126" fill="#a8524a"/>`,
    `<rect x="160" y="112" width="86" height="128" fill="#e6c77a"/>`,
    `<polygon points="150,116 203,74 256,116" fill="#6f8f4a"/>`,
    `<path d="M0,320 L104,232 L152,232 L256,320 Z" fill="#7f9fc0"/>`,
    `<ellipse cx="128" cy="286" rx="54" ry="12" fill="#4f7fb8"/>`,
    `<ellipse cx="110" cy="262" rx="22" ry="5" fill="#e6c77a" opacity="0.8"/>`,
    `</g>`,
    `<g ${pencil}>`,
    `<path d="M14,240 L14,126 L53,88 L92,126 L92,240 M160,240 L160,116 L203,78 L246,116 L246,240"/>`,
    `<rect x="32" y="150" width="20" height="24"/><rect x="182" y="140" width="22" height="26"/><rect x="60" y="196" width="18" height="44"/>`,
    `<path d="M104,232 L0,320 M152,232 L256,320 M92,232 L160,232"/>`,
    `</g>`,
    `<rect width="256" height="320" fill="#f5efe2" filter="url(#p)" opacity="0.3"/>`,
  ].join('');
}

function animeShoujo(): Svg {
  // A couple under cherry blossoms: pastels, sparkles, petals, big shining eyes.
  const petals = scatter(26, 11).map(
    ([x, y, s]) =>
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(3 + s * 4)}" ry="${f(2 + s * 2)}" fill="#ffc4d8" transform="rotate(${f(s * 180)} ${f(x)} ${f(y)})"/>`,
  );
  const sparkles = scatter(10, 5, { x: 0, y: 0, w: W, h: 160 }).map(
    ([x, y, s]) =>
      `<path d="M${f(x)},${f(y - 6 - s * 4)} L${f(x + 2)},${f(y)} L${f(x)},${f(y + 6 + s * 4)} L${f(x - 2)},${f(y)} Z M${f(x - 6 - s * 4)},${f(y)} L${f(x)},${f(y - 2)} L${f(x + 6 + s * 4)},${f(y)} L${f(x)},${f(y + 2)} Z" fill="#fff"/>`,
  );
  return [
    `<defs>${linear('s', ['#ffe0ef', '#f6d5ff', '#d8e8ff'])}</defs>`,
    sky('url(#s)'),
    `<circle cx="40" cy="40" r="70" fill="#ffb3cf" opacity="0.7"/><circle cx="230" cy="30" r="60" fill="#ffc8dc" opacity="0.7"/>`,
    ...sparkles,
    bust({
      cx: 90,
      cy: 210,
      r: 34,
      skin: '#fff0e8',
      hair: '#f4b860',
      outfit: '#ffffff',
      line: '#c9709a',
      lineWidth: 2,
      long: true,
      eyeColour: '#5aa0e0',
      blush: true,
      lips: '#e56a8a',
    }),
    bust({
      cx: 172,
      cy: 196,
      r: 36,
      skin: '#ffece0',
      hair: '#6d4c8e',
      outfit: '#9ab7e8',
      line: '#8a6aa8',
      lineWidth: 2,
      eyeColour: '#7a4ab0',
      blush: true,
      lips: '#c25a7a',
    }),
    ...petals,
  ].join('');
}

function animeShonen(): Svg {
  // A hero charging: radiating speed lines, a bold diagonal body, hard two-tone shading.
  const lines = Array.from({ length: 36 }, (_, i) => {
    const a = (i / 36) * Math.PI * 2;
    const r0 = 60 + (i % 3) * 12;
    return path(
      `M${f(128 + Math.cos(a) * r0)},${f(150 + Math.sin(a) * r0)} L${f(128 + Math.cos(a) * 260)},${f(150 + Math.sin(a) * 260)}`,
      `stroke="#1a1a1a" stroke-width="${i % 2 ? 2 : 5}"`,
    );
  });
  return [
    sky('#ffe14d'),
    ...lines,
    `<circle cx="128" cy="150" r="58" fill="#ff7a1a"/>`,
    path('M70,320 L110,190 L160,170 L200,320 Z', 'fill="#1f4fd1" stroke="#111" stroke-width="5"'),
    path('M110,190 L150,180 L170,320 L130,320 Z', 'fill="#142f80"'),
    path('M158,176 L236,120 L244,134 L170,200 Z', 'fill="#ffd9b8" stroke="#111" stroke-width="5"'),
    `<circle cx="240" cy="124" r="16" fill="#ffd9b8" stroke="#111" stroke-width="5"/>`,
    `<circle cx="132" cy="150" r="34" fill="#ffd9b8" stroke="#111" stroke-width="5"/>`,
    path(
      'M96,148 L92,104 L112,122 L118,92 L134,118 L150,90 L154,120 L174,104 L166,148 Q134,128 96,148 Z',
      'fill="#111" stroke="#111" stroke-width="3"',
    ),
    path('M116,154 L130,150 M142,150 L156,154', 'stroke="#111" stroke-width="5" stroke-linecap="round"'),
    path('M120,170 L146,168', 'stroke="#111" stroke-width="4" stroke-linecap="round"'),
  ].join('');
}

function animeChibi(): Svg {
  // A cat girl eating ramen: a huge head on a tiny body, round shapes, pastel flats.
  return [
    sky('#fff4d9'),
    ...scatter(14, 21).map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="5" fill="#ffd9a0"/>`),
    `<rect x="96" y="222" width="64" height="60" rx="18" fill="#ff9fb8" stroke="#5a3b3b" stroke-width="4"/>`,
    bust({
      cx: 128,
      cy: 214,
      r: 62,
      skin: '#fff0e2',
      hair: '#f6a24a',
      outfit: '#ff9fb8',
      line: '#5a3b3b',
      lineWidth: 4,
      ears: 'cat',
      eyes: 'anime',
      eyeColour: '#3b8f5a',
      blush: true,
    }),
    path('M64,262 Q128,318 192,262 Z', 'fill="#fff" stroke="#5a3b3b" stroke-width="4"'),
    path('M76,262 L180,262', 'stroke="#e04a3a" stroke-width="6"'),
    path(
      'M104,270 Q114,240 108,226 M122,272 Q128,240 124,226',
      'stroke="#f2d27a" stroke-width="4" fill="none"',
    ),
    path('M150,236 L196,204 M156,242 L202,212', 'stroke="#8a5a2b" stroke-width="4" stroke-linecap="round"'),
  ].join('');
}

function animeCyberpunk(): Svg {
  // A hacker in a neon alley: night blues and magenta, glowing signs, slanted rain.
  const rain = scatter(70, 31).map(([x, y]) =>
    path(`M${f(x)},${f(y)} l-6,18`, 'stroke="#7fe8ff" stroke-width="1" opacity="0.55"'),
  );
  return [
    `<defs>${linear('s', ['#0a0520', '#1b0b3a', '#2a0f4a'])}${blurFilter('g', 4)}</defs>`,
    sky('url(#s)'),
    `<rect x="0" y="40" width="70" height="280" fill="#120a2a"/><rect x="186" y="20" width="70" height="300" fill="#120a2a"/>`,
    ...scatter(24, 9, { x: 0, y: 50, w: 70, h: 200 }).map(
      ([x, y]) => `<rect x="${f(x)}" y="${f(y)}" width="6" height="4" fill="#ffd24a" opacity="0.7"/>`,
    ),
    ...scatter(24, 19, { x: 186, y: 30, w: 70, h: 220 }).map(
      ([x, y]) => `<rect x="${f(x)}" y="${f(y)}" width="6" height="4" fill="#4af0ff" opacity="0.7"/>`,
    ),
    `<g filter="url(#g)"><rect x="16" y="70" width="40" height="70" rx="4" fill="none" stroke="#ff2fd0" stroke-width="5"/><rect x="196" y="60" width="48" height="22" rx="4" fill="none" stroke="#2ff0ff" stroke-width="5"/></g>`,
    `<rect x="16" y="70" width="40" height="70" rx="4" fill="none" stroke="#ffb3f0" stroke-width="2"/><rect x="196" y="60" width="48" height="22" rx="4" fill="none" stroke="#b3fbff" stroke-width="2"/>`,
    bust({
      cx: 128,
      cy: 226,
      r: 40,
      skin: '#e9c7e8',
      hair: '#1ce0ff',
      outfit: '#1a1a2e',
      line: '#ff2fd0',
      lineWidth: 2,
      eyeColour: '#ff2fd0',
    }),
    `<rect x="96" y="172" width="64" height="14" rx="6" fill="#ff2fd0" opacity="0.85"/>`,
    ...rain,
  ].join('');
}

function animeRetro(): Svg {
  // The 1990s on a train: muted colours, a window frame, film grain and VHS scanlines.
  const scan = Array.from(
    { length: 80 },
    (_, i) => `<rect y="${i * 4}" width="256" height="1.2" fill="#000" opacity="0.12"/>`,
  );
  return [
    `<defs>${grainFilter('n', 0.35)}${linear('s', ['#d9a7a0', '#c9b38f', '#9fae9a'])}</defs>`,
    sky('#6f7f8a'),
    `<rect x="20" y="30" width="216" height="130" rx="14" fill="url(#s)" stroke="#3f4b55" stroke-width="8"/>`,
    path('M20,130 Q80,110 130,126 T236,118 L236,160 L20,160 Z', 'fill="#7f8f7a"'),
    ...Array.from(
      { length: 4 },
      (_, i) => `<rect x="${40 + i * 52}" y="112" width="3" height="40" fill="#55624f"/>`,
    ),
    bust({
      cx: 128,
      cy: 236,
      r: 42,
      skin: '#e8c9b0',
      hair: '#3a2a30',
      outfit: '#b0584a',
      line: '#2e2326',
      lineWidth: 2.5,
      long: true,
      eyes: 'none',
      lips: '#9a4a4a',
    }),
    path('M82,188 Q128,150 174,188', 'fill="none" stroke="#2b2b2b" stroke-width="6"'),
    `<rect x="74" y="184" width="16" height="22" rx="6" fill="#2b2b2b"/><rect x="166" y="184" width="16" height="22" rx="6" fill="#2b2b2b"/>`,
    `<rect width="256" height="320" fill="#c9b38f" filter="url(#n)" opacity="0.55"/>`,
    ...scan,
    `<rect width="256" height="320" fill="#d8b48a" opacity="0.14"/>`,
  ].join('');
}

function animeMecha(): Svg {
  // A giant robot in a hangar: steel blues, panel lines, a glowing visor; the pilot tiny beside it.
  const panel = 'stroke="#0d1b2a" stroke-width="2.5"';
  return [
    `<defs>${linear('s', ['#1c2a3a', '#2f4760', '#49657f'])}${linear('m', ['#c9d6e3', '#8aa2bb', '#5d7893'])}${blurFilter('g', 3)}</defs>`,
    sky('url(#s)'),
    ...Array.from(
      { length: 7 },
      (_, i) => `<rect x="${i * 40}" y="0" width="4" height="320" fill="#15212e"/>`,
    ),
    `<rect x="0" y="282" width="256" height="38" fill="#1a242f"/>`,
    // legs
    `<rect x="88" y="200" width="30" height="84" fill="url(#m)" ${panel}/><rect x="138" y="200" width="30" height="84" fill="url(#m)" ${panel}/>`,
    `<rect x="80" y="276" width="44" height="12" fill="#3c5671" ${panel}/><rect x="132" y="276" width="44" height="12" fill="#3c5671" ${panel}/>`,
    // torso
    path('M74,110 L182,110 L172,206 L84,206 Z', `fill="url(#m)" ${panel}`),
    `<rect x="108" y="128" width="40" height="34" fill="#3c5671" ${panel}/>`,
    `<circle cx="128" cy="145" r="9" fill="#5fd3ff"/>`,
    // shoulders and arms
    `<rect x="40" y="100" width="40" height="36" rx="4" fill="#d9e3ee" ${panel}/><rect x="176" y="100" width="40" height="36" rx="4" fill="#d9e3ee" ${panel}/>`,
    `<rect x="46" y="136" width="26" height="80" fill="url(#m)" ${panel}/><rect x="184" y="136" width="26" height="80" fill="url(#m)" ${panel}/>`,
    `<rect x="44" y="214" width="30" height="22" fill="#3c5671" ${panel}/><rect x="182" y="214" width="30" height="22" fill="#3c5671" ${panel}/>`,
    // head with V fin and visor
    `<rect x="106" y="66" width="44" height="42" rx="6" fill="#e7eef5" ${panel}/>`,
    path('M128,70 L96,40 L128,60 L160,40 Z', `fill="#f2c744" ${panel}`),
    `<rect x="112" y="82" width="32" height="9" fill="#5fd3ff" filter="url(#g)"/><rect x="112" y="82" width="32" height="9" fill="#bff0ff"/>`,
    path('M110,120 L146,120 M96,170 L160,170 M100,190 L156,190', 'stroke="#0d1b2a" stroke-width="1.5"'),
    // the pilot
    `<circle cx="222" cy="262" r="6" fill="#ffd9b8"/><rect x="216" y="268" width="12" height="16" fill="#e05a3a"/>`,
  ].join('');
}

function animeFantasy(): Svg {
  // A mage over a valley: violet dusk, a ring of glowing runes, mountains far below.
  const runes = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const x = 128 + Math.cos(a) * 70;
    const y = 110 + Math.sin(a) * 70;
    return `<text x="${f(x)}" y="${f(y)}" font-family="serif" font-size="16" fill="#aef6ff" text-anchor="middle">${'ᚠᚢᚦᚨᚱᚲᚷᚹᚺᚾᛁᛃ'[i]}</text>`;
  });
  return [
    `<defs>${linear('s', ['#2b1450', '#6a3c9a', '#f0a8c8'])}${blurFilter('g', 5)}</defs>`,
    sky('url(#s)'),
    path('M0,250 L50,190 L90,230 L140,170 L190,226 L256,180 L256,320 L0,320 Z', 'fill="#3b2a62"'),
    path('M0,280 L70,240 L130,276 L200,236 L256,262 L256,320 L0,320 Z', 'fill="#241a40"'),
    `<circle cx="128" cy="110" r="70" fill="none" stroke="#6ff0ff" stroke-width="6" filter="url(#g)"/>`,
    `<circle cx="128" cy="110" r="70" fill="none" stroke="#d8fbff" stroke-width="2"/>`,
    `<circle cx="128" cy="110" r="52" fill="none" stroke="#d8fbff" stroke-width="1" stroke-dasharray="4 6"/>`,
    ...runes,
    path('M108,320 L118,210 L138,210 L148,320 Z', 'fill="#3a2d7a"'),
    `<circle cx="128" cy="196" r="18" fill="#f1d2c0"/>`,
    path('M100,196 L128,132 L156,196 Z', 'fill="#3a2d7a"'),
    path('M150,230 L186,170', 'stroke="#a0733a" stroke-width="5" stroke-linecap="round"'),
    `<circle cx="188" cy="166" r="9" fill="#c9fbff" filter="url(#g)"/><circle cx="188" cy="166" r="5" fill="#fff"/>`,
  ].join('');
}

function animeDark(): Svg {
  // A knight in a ruined cathedral: near-black, a broken gothic arch, one shaft of cold light.
  return [
    `<defs>${linear('l', ['rgba(200,210,255,0.55)', 'rgba(200,210,255,0)'])}</defs>`,
    sky('#0b0a10'),
    path(
      'M36,320 L36,120 Q36,30 128,20 Q220,30 220,120 L220,320 L196,320 L196,126 Q196,56 128,46 Q60,56 60,126 L60,320 Z',
      'fill="#2a2733"',
    ),
    path('M84,320 L84,150 Q84,90 128,84 Q172,90 172,150 L172,320 Z', 'fill="#15141c"'),
    path('M150,60 L170,40 L178,70 L160,64 Z', 'fill="#0b0a10"'),
    path('M100,0 L150,0 L190,320 L70,320 Z', 'fill="url(#l)"'),
    // the knight, in silhouette with a red cape
    path('M94,320 L104,220 L152,220 L162,320 Z', 'fill="#6b0f1a"'),
    path('M108,320 L112,216 L144,216 L148,320 Z', 'fill="#08070c"'),
    `<rect x="114" y="176" width="28" height="40" rx="12" fill="#08070c"/>`,
    `<rect x="118" y="192" width="20" height="3" fill="#c9d2ff"/>`,
    path('M176,320 L176,196 M168,206 L184,206', 'stroke="#c9d2ff" stroke-width="4"'),
    ...scatter(16, 41, { x: 40, y: 0, w: 180, h: 320 }).map(
      ([x, y, s]) =>
        `<rect x="${f(x)}" y="${f(y)}" width="${f(1 + s * 2)}" height="${f(1 + s * 2)}" fill="#b8c0e0" opacity="0.5"/>`,
    ),
  ].join('');
}

function animeSliceOfLife(): Svg {
  // Friends studying in a cafe: warm daylight through a big window, mugs, books, plants.
  return [
    sky('#fbe9cf'),
    `<rect x="20" y="20" width="216" height="150" fill="#cfe9f5" stroke="#c08a58" stroke-width="8"/>`,
    path('M128,20 L128,170 M20,95 L236,95', 'stroke="#c08a58" stroke-width="6"'),
    path('M30,170 L90,20 L130,20 L70,170 Z', 'fill="#fff8e0" opacity="0.6"'),
    `<circle cx="210" cy="140" r="20" fill="#6aa66a"/><rect x="200" y="150" width="20" height="22" fill="#c0603a"/>`,
    bust({
      cx: 78,
      cy: 232,
      r: 30,
      skin: '#ffe0c8',
      hair: '#5a3a22',
      outfit: '#f5c86a',
      line: '#6a4a30',
      lineWidth: 2,
      eyes: 'none',
      blush: true,
    }),
    bust({
      cx: 182,
      cy: 228,
      r: 30,
      skin: '#ffe6d6',
      hair: '#2a2a3a',
      outfit: '#8ab8d8',
      line: '#6a4a30',
      lineWidth: 2,
      long: true,
      blush: true,
      eyeColour: '#3a5a8a',
    }),
    `<rect x="0" y="262" width="256" height="58" fill="#b57a48"/>`,
    `<rect x="40" y="250" width="26" height="20" rx="4" fill="#fff" stroke="#6a4a30" stroke-width="2"/>`,
    path('M66,254 q10,4 0,12', 'fill="none" stroke="#6a4a30" stroke-width="2"'),
    `<rect x="98" y="256" width="60" height="12" fill="#e05a4a"/><rect x="104" y="246" width="50" height="10" fill="#4a7ac0"/>`,
    path(
      'M52,244 q-4,-10 2,-18 M60,244 q-4,-10 2,-18',
      'fill="none" stroke="#fff" stroke-width="2" opacity="0.8"',
    ),
  ].join('');
}

function animeIdol(): Svg {
  // A singer on stage: spotlight cones, a hot-pink stage, a microphone and stars.
  return [
    `<defs>${linear('c', ['rgba(255,255,255,0.7)', 'rgba(255,255,255,0)'])}${linear('s', ['#1a0a3a', '#5a1a7a'])}</defs>`,
    sky('url(#s)'),
    path('M40,0 L70,0 L170,300 L60,300 Z', 'fill="url(#c)" opacity="0.6"'),
    path('M186,0 L216,0 L200,300 L90,300 Z', 'fill="url(#c)" opacity="0.6"'),
    ...scatter(18, 61).map(
      ([x, y, s]) =>
        `<path d="M${f(x)},${f(y - 6)} L${f(x + 2)},${f(y - 2)} L${f(x + 6)},${f(y)} L${f(x + 2)},${f(y + 2)} L${f(x)},${f(y + 6)} L${f(x - 2)},${f(y + 2)} L${f(x - 6)},${f(y)} L${f(x - 2)},${f(y - 2)} Z" fill="${s > 0.5 ? '#ffe14a' : '#7ff7ff'}"/>`,
    ),
    bust({
      cx: 128,
      cy: 200,
      r: 38,
      skin: '#fff0e6',
      hair: '#ff7ab8',
      outfit: '#ffffff',
      line: '#c0307a',
      lineWidth: 2.5,
      long: true,
      eyeColour: '#2a9ad0',
      blush: true,
    }),
    path('M100,240 L156,240 L170,300 L86,300 Z', 'fill="#ff4fa0" stroke="#c0307a" stroke-width="2.5"'),
    path('M164,196 L176,232', 'stroke="#333" stroke-width="5" stroke-linecap="round"'),
    `<circle cx="162" cy="190" r="8" fill="#bbb" stroke="#333" stroke-width="2"/>`,
    `<rect x="0" y="296" width="256" height="24" fill="#ff2f8a"/>`,
    ...Array.from({ length: 8 }, (_, i) => `<circle cx="${16 + i * 32}" cy="308" r="5" fill="#ffe14a"/>`),
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Girl

function girlPortrait(): Svg {
  // Studio portrait: grey seamless backdrop, soft key light, natural tones, shallow focus.
  return [
    `<defs>${radial('bg', '#c9c4bf', '#5d5955')}${radial('key', 'rgba(255,240,225,0.5)', 'rgba(255,240,225,0)')}${blurFilter('soft', 1.2)}</defs>`,
    sky('url(#bg)'),
    `<g filter="url(#soft)">`,
    bust({
      cx: 128,
      cy: 206,
      r: 50,
      skin: '#e2b594',
      hair: '#6b4226',
      outfit: '#2f3a46',
      long: true,
      eyes: 'real',
      eyeColour: '#5a7a4a',
      lips: '#b86a64',
    }),
    ...scatter(18, 71, { x: 92, y: 150, w: 72, h: 24 }).map(
      ([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="1.2" fill="#b07a5a" opacity="0.7"/>`,
    ),
    path('M108,188 Q128,200 148,188', 'fill="none" stroke="#8a4a44" stroke-width="2.5"'),
    `</g>`,
    `<ellipse cx="92" cy="140" rx="70" ry="90" fill="url(#key)"/>`,
  ].join('');
}

function girlAnime(): Svg {
  // A silver-haired anime girl in a garden: greens, roses, cel shading with dark outlines.
  return [
    `<defs>${linear('s', ['#bfe8c0', '#8fd0a0', '#5aa070'])}</defs>`,
    sky('url(#s)'),
    ...scatter(14, 81).map(
      ([x, y, s]) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(6 + s * 6)}" fill="${s > 0.5 ? '#ff8fb0' : '#fff2a0'}" stroke="#3a6a4a" stroke-width="1.5"/>`,
    ),
    bust({
      cx: 128,
      cy: 212,
      r: 46,
      skin: '#fff0ea',
      hair: '#dfe6f0',
      outfit: '#3a4a8a',
      line: '#2a3050',
      lineWidth: 3,
      long: true,
      eyeColour: '#d04a6a',
      blush: true,
    }),
    path('M96,250 L128,280 L160,250', 'fill="none" stroke="#e04a6a" stroke-width="6"'),
  ].join('');
}

function girlFitness(): Svg {
  // After a workout in a gym: bright daylight, a barbell rack, athletic wear in teal.
  return [
    `<defs>${linear('s', ['#f4f7f9', '#dfe6ec'])}</defs>`,
    sky('url(#s)'),
    ...Array.from(
      { length: 4 },
      (_, i) =>
        `<rect x="${10 + i * 64}" y="16" width="50" height="90" fill="#cfe8f7" stroke="#9aa9b5" stroke-width="3"/>`,
    ),
    `<rect x="0" y="270" width="256" height="50" fill="#4a4f55"/>`,
    path('M14,150 L242,150', 'stroke="#5a5f66" stroke-width="6"'),
    `<rect x="16" y="126" width="14" height="48" rx="3" fill="#222"/><rect x="34" y="132" width="10" height="36" rx="3" fill="#222"/>`,
    `<rect x="226" y="126" width="14" height="48" rx="3" fill="#222"/><rect x="212" y="132" width="10" height="36" rx="3" fill="#222"/>`,
    bust({
      cx: 128,
      cy: 216,
      r: 40,
      skin: '#c98e6a',
      hair: '#20160f',
      outfit: '#17b3a3',
      eyes: 'real',
      lips: '#a45a50',
    }),
    `<ellipse cx="128" cy="168" rx="44" ry="12" fill="#20160f"/>`,
    path('M84,146 Q128,126 172,146', 'fill="none" stroke="#ff5a7a" stroke-width="6"'),
    path('M96,262 Q128,276 160,262', 'fill="none" stroke="#fff" stroke-width="4"'),
  ].join('');
}

function girlElegant(): Svg {
  // Evening on a balcony: deep navy night, blurred city lights (bokeh), a black gown and pearls.
  const bokeh = scatter(22, 91, { x: 0, y: 0, w: W, h: 200 }).map(
    ([x, y, s]) =>
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(8 + s * 16)}" fill="${s > 0.6 ? '#ffd27a' : s > 0.3 ? '#ff9a6a' : '#9ad0ff'}" opacity="${f(0.25 + s * 0.35)}"/>`,
  );
  return [
    `<defs>${linear('s', ['#0c1230', '#1c2350', '#2c2a4a'])}${blurFilter('b', 3)}</defs>`,
    sky('url(#s)'),
    `<g filter="url(#b)">${bokeh.join('')}</g>`,
    bust({
      cx: 128,
      cy: 200,
      r: 40,
      skin: '#f0d2bc',
      hair: '#2a1a14',
      outfit: '#0a0a0f',
      eyes: 'real',
      lips: '#a8202c',
    }),
    path(
      'M104,232 Q128,250 152,232',
      'fill="none" stroke="#f5f0e6" stroke-width="4" stroke-dasharray="0.1 7" stroke-linecap="round"',
    ),
    `<rect x="0" y="286" width="256" height="10" fill="#b8a88a"/>`,
    ...Array.from(
      { length: 12 },
      (_, i) => `<rect x="${6 + i * 22}" y="296" width="6" height="24" fill="#b8a88a"/>`,
    ),
  ].join('');
}

function girlCosplay(): Svg {
  // A space captain costume at a convention: a starfield banner, a high collar, badge and visor.
  return [
    sky('#1f2433'),
    `<rect x="10" y="14" width="236" height="120" rx="8" fill="#0a0d1a" stroke="#ffb000" stroke-width="4"/>`,
    ...scatter(40, 101, { x: 14, y: 18, w: 228, h: 112 }).map(
      ([x, y, s]) => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(0.6 + s * 1.6)}" fill="#fff"/>`,
    ),
    `<circle cx="200" cy="60" r="22" fill="#5a8aff"/><ellipse cx="200" cy="60" rx="34" ry="6" fill="none" stroke="#ffd080" stroke-width="3"/>`,
    bust({
      cx: 128,
      cy: 226,
      r: 40,
      skin: '#f2cdb4',
      hair: '#c02a2a',
      outfit: '#e8e8ec',
      line: '#1f2433',
      lineWidth: 2,
      long: true,
      eyes: 'real',
      lips: '#a8404a',
    }),
    path('M76,320 L90,250 L128,276 L166,250 L180,320 Z', 'fill="#2a3f8f"'),
    path('M90,250 L128,276 L166,250', 'fill="none" stroke="#ffb000" stroke-width="5"'),
    path('M150,282 L160,270 L170,282 L160,300 Z', 'fill="#ffb000" stroke="#8a5a00" stroke-width="2"'),
    `<rect x="86" y="164" width="84" height="12" rx="6" fill="#5ad0ff" opacity="0.75"/>`,
  ].join('');
}

function girlBeach(): Svg {
  // The shore at golden hour: low sun on the sea, wet sand, a sundress and a straw hat.
  return [
    `<defs>${linear('s', ['#ffb26b', '#ffd7a0', '#ffe9c8'])}${linear('sea', ['#3a8ab8', '#1f5a88'])}</defs>`,
    sky('url(#s)'),
    `<circle cx="64" cy="150" r="26" fill="#fff2c4"/>`,
    `<rect x="0" y="160" width="256" height="60" fill="url(#sea)"/>`,
    path('M0,160 L256,160', 'stroke="#ffe2a8" stroke-width="2"'),
    path(
      'M30,170 L100,170 M20,186 L120,186 M44,200 L90,200',
      'stroke="#ffd79a" stroke-width="3" opacity="0.8"',
    ),
    path('M0,218 Q64,206 128,216 T256,212 L256,320 L0,320 Z', 'fill="#e8c79a"'),
    path('M0,218 Q64,206 128,216 T256,212', 'fill="none" stroke="#fff" stroke-width="4"'),
    bust({
      cx: 170,
      cy: 238,
      r: 32,
      skin: '#d9a07a',
      hair: '#7a4a2a',
      outfit: '#f47a6a',
      eyes: 'real',
      long: true,
    }),
    `<ellipse cx="170" cy="180" rx="52" ry="10" fill="#e8c070" stroke="#a8803a" stroke-width="2"/>`,
    path('M142,182 Q170,140 198,182 Z', 'fill="#e8c070" stroke="#a8803a" stroke-width="2"'),
    path('M144,176 L196,176', 'stroke="#3a6a9a" stroke-width="4"'),
  ].join('');
}

function girlGothic(): Svg {
  // A candlelit library: black lace, deep purple and red, candle flames, shelves of books.
  const books = Array.from({ length: 3 }, (_, row) =>
    Array.from({ length: 12 }, (_, i) => {
      const colours = ['#4a1a2a', '#2a1a3a', '#3a2a1a', '#5a2030', '#1a2a2a'];
      return `<rect x="${6 + i * 21}" y="${20 + row * 62}" width="${16 + (i % 3)}" height="${48 + (i % 2) * 6}" fill="${colours[(i + row) % colours.length]}"/>`;
    }).join(''),
  );
  return [
    `<defs>${radial('glow', 'rgba(255,190,90,0.55)', 'rgba(255,190,90,0)')}</defs>`,
    sky('#120a12'),
    ...books,
    ...[0, 1, 2].map((i) => `<rect x="0" y="${72 + i * 62}" width="256" height="6" fill="#2a1a14"/>`),
    `<rect width="256" height="320" fill="#000" opacity="0.35"/>`,
    `<circle cx="44" cy="220" r="70" fill="url(#glow)"/><circle cx="214" cy="220" r="70" fill="url(#glow)"/>`,
    bust({
      cx: 128,
      cy: 214,
      r: 40,
      skin: '#f2e2e2',
      hair: '#0a0a0a',
      outfit: '#1a0a14',
      eyes: 'real',
      eyeColour: '#3a1a2a',
      long: true,
      lips: '#6a0a1a',
    }),
    path(
      'M92,252 Q128,236 164,252',
      'fill="none" stroke="#d8d0d8" stroke-width="1.5" stroke-dasharray="3 3"',
    ),
    `<rect x="38" y="232" width="12" height="40" fill="#efe6d6"/><rect x="208" y="232" width="12" height="40" fill="#efe6d6"/>`,
    path('M44,230 q-6,-10 0,-20 q6,10 0,20 Z M214,230 q-6,-10 0,-20 q6,10 0,20 Z', 'fill="#ffc04a"'),
    path('M124,252 L132,252 L128,266 Z', 'fill="#8a0a1a"'),
  ].join('');
}

function girlOffice(): Svg {
  // A modern office: cool daylight, a window grid of towers, a desk, a laptop and a blazer.
  return [
    sky('#e9eef3'),
    `<rect x="10" y="10" width="236" height="170" fill="#bcd4e6"/>`,
    ...[30, 70, 120, 170, 210].map(
      (x, i) =>
        `<rect x="${x}" y="${70 - i * 8 + (i % 2) * 30}" width="30" height="${120 + i * 8}" fill="#8aa6bd"/>`,
    ),
    path('M88,10 L88,180 M168,10 L168,180 M10,96 L246,96', 'stroke="#f4f7fa" stroke-width="5"'),
    `<rect x="10" y="10" width="236" height="170" fill="none" stroke="#f4f7fa" stroke-width="6"/>`,
    bust({
      cx: 128,
      cy: 214,
      r: 38,
      skin: '#eac3a6',
      hair: '#3a2418',
      outfit: '#2c3e5a',
      eyes: 'real',
      lips: '#a8505a',
    }),
    path('M112,244 L128,270 L144,244', 'fill="#ffffff"'),
    `<ellipse cx="128" cy="168" rx="14" ry="10" fill="#3a2418"/>`,
    `<rect x="0" y="270" width="256" height="50" fill="#c8a27a"/>`,
    `<rect x="160" y="236" width="76" height="38" rx="3" fill="#3a3f48"/><rect x="164" y="240" width="68" height="30" fill="#8ac8ff"/>`,
    `<rect x="24" y="252" width="20" height="22" rx="3" fill="#fff"/>`,
  ].join('');
}

function girlElf(): Svg {
  // An elf archer in an ancient forest: deep greens, shafts of light, pointed ears, a bow.
  return [
    `<defs>${linear('s', ['#0f2a1a', '#1f4a2a', '#3a6a3a'])}${linear('l', ['rgba(230,255,190,0.5)', 'rgba(230,255,190,0)'])}</defs>`,
    sky('url(#s)'),
    ...[14, 60, 196, 236].map(
      (x, i) => `<rect x="${x}" y="0" width="${18 + i * 3}" height="320" fill="#0a1a10"/>`,
    ),
    path('M150,0 L186,0 L120,320 L70,320 Z', 'fill="url(#l)"'),
    ...scatter(30, 111).map(
      ([x, y, s]) =>
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(4 + s * 3)}" ry="${f(2 + s)}" fill="#7ac05a" opacity="0.7"/>`,
    ),
    bust({
      cx: 128,
      cy: 214,
      r: 38,
      skin: '#f3e0c8',
      hair: '#f0e0a0',
      outfit: '#2f6a3a',
      line: '#10301a',
      lineWidth: 1.5,
      ears: 'elf',
      long: true,
      eyes: 'real',
      eyeColour: '#3aa05a',
    }),
    path('M200,120 Q240,200 200,290', 'fill="none" stroke="#8a5a2a" stroke-width="5"'),
    path('M200,120 L200,290', 'stroke="#e8e0c8" stroke-width="1"'),
  ].join('');
}

function girlStreet(): Svg {
  // Streetwear in the city: brick wall with graffiti, an oversized hoodie, big headphones.
  const bricks = Array.from({ length: 16 }, (_, row) =>
    Array.from(
      { length: 7 },
      (_, i) =>
        `<rect x="${i * 40 - (row % 2) * 20}" y="${row * 20}" width="38" height="18" fill="${(i + row) % 3 ? '#a0523a' : '#8a4632'}"/>`,
    ).join(''),
  );
  return [
    sky('#5a2a20'),
    ...bricks,
    path(
      'M20,80 Q60,30 100,80 T180,70 T240,90',
      'fill="none" stroke="#3af0c0" stroke-width="12" stroke-linecap="round"',
    ),
    path('M30,120 Q80,100 130,130', 'fill="none" stroke="#ffd23a" stroke-width="8" stroke-linecap="round"'),
    bust({
      cx: 128,
      cy: 216,
      r: 40,
      skin: '#b07a5a',
      hair: '#1a1a1a',
      outfit: '#f2f2f2',
      eyes: 'real',
      lips: '#7a3a3a',
    }),
    path('M80,176 Q128,100 176,176', 'fill="none" stroke="#1a1a1a" stroke-width="9"'),
    `<rect x="74" y="164" width="20" height="32" rx="8" fill="#ff3a6a"/><rect x="162" y="164" width="20" height="32" rx="8" fill="#ff3a6a"/>`,
    path('M100,320 L100,272 M156,320 L156,272', 'stroke="#bbb" stroke-width="3"'),
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Tattoo designs: on paper or on skin, the design's own line weight and palette.

const ink = '#121212';

function tattooTraditional(): Svg {
  // A swallow with a banner: heavy black outlines, flat red, yellow and green.
  const o = `stroke="${ink}" stroke-width="6" stroke-linejoin="round"`;
  return [
    sky('#f6f0e2'),
    path(
      'M40,150 Q90,120 128,140 Q170,110 230,80 Q200,140 160,160 L196,200 L150,184 L130,210 L118,180 Q80,190 40,150 Z',
      `fill="#1f4f9a" ${o}`,
    ),
    path('M96,160 Q120,190 150,176 Q128,160 96,160 Z', `fill="#f4efe0" ${o}`),
    `<circle cx="112" cy="148" r="16" fill="#d02a20" ${o}/>`,
    `<circle cx="74" cy="150" r="4" fill="${ink}"/>`,
    path('M40,150 L20,156 L40,160', `fill="#f2c230" ${o}`),
    path('M36,240 L70,226 L186,226 L220,240 L186,254 L70,254 Z', `fill="#f4efe0" ${o}`),
    path('M36,240 L14,230 L24,244 L14,258 L46,250', `fill="#d02a20" ${o}`),
    path('M220,240 L242,230 L232,244 L242,258 L210,250', `fill="#d02a20" ${o}`),
    path('M88,240 L168,240', 'stroke="#2a8a3a" stroke-width="6" stroke-linecap="round"'),
    ...[
      [60, 100],
      [200, 40],
      [210, 280],
    ].map(
      ([x, y]) =>
        `<path d="M${x},${y! - 10} L${x! + 3},${y! - 3} L${x! + 10},${y} L${x! + 3},${y! + 3} L${x},${y! + 10} L${x! - 3},${y! + 3} L${x! - 10},${y} L${x! - 3},${y! - 3} Z" fill="#f2c230" ${o.replace('6', '3')}/>`,
    ),
  ].join('');
}

function tattooFineline(): Svg {
  // A sprig of lavender in thin single-weight lines on skin.
  const w = 'stroke="#2a2420" stroke-width="1.2" fill="none" stroke-linecap="round"';
  const buds = Array.from({ length: 14 }, (_, i) => {
    const y = 70 + i * 9;
    const x = 128 + Math.sin(i * 0.5) * 4;
    const side = i % 2 ? 1 : -1;
    return `<ellipse cx="${f(x + side * 6)}" cy="${f(y)}" rx="4" ry="6.5" transform="rotate(${side * 30} ${f(x + side * 6)} ${f(y)})" ${w}/>`;
  });
  return [
    `<defs>${radial('skin', '#f1d2b8', '#d9ab8a')}</defs>`,
    sky('url(#skin)'),
    path('M128,60 Q132,160 124,300', w),
    path('M126,210 Q100,230 84,226 M127,240 Q156,252 170,246', w),
    path('M84,226 Q100,218 126,212 M170,246 Q150,236 127,242', w),
    ...buds,
    path('M116,300 L140,300', w),
    `<circle cx="170" cy="110" r="1.4" fill="#2a2420"/><circle cx="92" cy="150" r="1.1" fill="#2a2420"/>`,
  ].join('');
}

function tattooBlackwork(): Svg {
  // A moth with geometric wings: solid black masses, negative-space patterns, no colour.
  return [
    sky('#f4f2ee'),
    path('M128,90 L40,60 L30,150 L128,160 Z', `fill="${ink}"`),
    path('M128,90 L216,60 L226,150 L128,160 Z', `fill="${ink}"`),
    path('M128,160 L56,176 L76,252 L128,200 Z', `fill="${ink}"`),
    path('M128,160 L200,176 L180,252 L128,200 Z', `fill="${ink}"`),
    `<circle cx="76" cy="112" r="16" fill="#f4f2ee"/><circle cx="76" cy="112" r="7" fill="${ink}"/>`,
    `<circle cx="180" cy="112" r="16" fill="#f4f2ee"/><circle cx="180" cy="112" r="7" fill="${ink}"/>`,
    path(
      'M50,80 L110,100 M206,80 L146,100 M70,200 L110,186 M186,200 L146,186',
      'stroke="#f4f2ee" stroke-width="3"',
    ),
    path('M84,220 L100,196 L116,214 Z M172,220 L156,196 L140,214 Z', 'fill="#f4f2ee"'),
    `<ellipse cx="128" cy="150" rx="11" ry="64" fill="${ink}"/>`,
    path('M122,90 Q100,50 92,44 M134,90 Q156,50 164,44', `stroke="${ink}" stroke-width="3" fill="none"`),
    `<circle cx="128" cy="272" r="10" fill="${ink}"/>`,
    path('M128,262 L128,236 M86,292 L170,292', `stroke="${ink}" stroke-width="3"`),
  ].join('');
}

function tattooWatercolor(): Svg {
  // A hummingbird over soft bleeding splashes of colour, with a thin black outline on top.
  return [
    `<defs>${washFilter('w', 6, 30)}</defs>`,
    sky('#fbfaf7'),
    `<g filter="url(#w)" opacity="0.8">`,
    `<circle cx="100" cy="140" r="60" fill="#3ac0d8"/><circle cx="160" cy="120" r="54" fill="#c04ad8"/>`,
    `<circle cx="150" cy="190" r="46" fill="#f0a020"/><circle cx="90" cy="200" r="34" fill="#40c070"/>`,
    `</g>`,
    ...scatter(14, 121, { x: 40, y: 60, w: 180, h: 200 }).map(
      ([x, y, s]) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(1.5 + s * 3)}" fill="${s > 0.5 ? '#c04ad8' : '#3ac0d8'}" opacity="0.6"/>`,
    ),
    path(
      'M70,170 Q110,140 150,150 L214,120 L158,162 Q150,196 112,200 Q86,196 70,170 Z',
      'fill="none" stroke="#1a1a1a" stroke-width="2"',
    ),
    path('M116,160 Q140,90 190,70 Q160,120 150,150', 'fill="none" stroke="#1a1a1a" stroke-width="2"'),
    path('M70,170 L40,180', 'stroke="#1a1a1a" stroke-width="2"'),
    `<circle cx="84" cy="168" r="2.5" fill="#1a1a1a"/>`,
    path('M112,200 L100,240 M120,200 L124,236', 'stroke="#1a1a1a" stroke-width="2"'),
  ].join('');
}

function tattooJapanese(): Svg {
  // A koi in waves, irezumi style: bold black outlines, red-orange scales, blue curling waves.
  const o = `stroke="${ink}" stroke-width="5" stroke-linejoin="round"`;
  const scales = Array.from({ length: 4 }, (_, row) =>
    Array.from({ length: 4 - (row % 2) }, (_, i) =>
      path(
        `M${96 + i * 20 + (row % 2) * 10},${120 + row * 20} q10,12 20,0`,
        `fill="none" stroke="${ink}" stroke-width="2.5"`,
      ),
    ).join(''),
  );
  const waves = [0, 1, 2].map((i) =>
    path(
      `M0,${250 + i * 22} Q32,${224 + i * 22} 64,${250 + i * 22} Q96,${224 + i * 22} 128,${250 + i * 22} Q160,${224 + i * 22} 192,${250 + i * 22} Q224,${224 + i * 22} 256,${250 + i * 22} L256,320 L0,320 Z`,
      `fill="${['#3a6ac8', '#2a4aa0', '#1a3070'][i]}" ${o}`,
    ),
  );
  return [
    sky('#f6f1e6'),
    path('M128,40 Q190,70 180,150 Q170,220 128,240 Q86,220 76,150 Q66,70 128,40 Z', `fill="#e8501e" ${o}`),
    path('M96,60 Q128,36 160,60 Q150,90 128,92 Q106,90 96,60 Z', `fill="#f4efe0" ${o}`),
    `<circle cx="112" cy="66" r="5" fill="${ink}"/><circle cx="144" cy="66" r="5" fill="${ink}"/>`,
    ...scales,
    path(
      'M128,236 Q96,270 84,300 Q128,280 128,254 Q128,280 172,300 Q160,270 128,236 Z',
      `fill="#e8501e" ${o}`,
    ),
    path('M78,120 Q40,110 30,140 Q60,140 80,150', `fill="#f2c230" ${o}`),
    path('M178,120 Q216,110 226,140 Q196,140 176,150', `fill="#f2c230" ${o}`),
    ...waves,
    ...[40, 128, 216].map((x) => `<circle cx="${x}" cy="244" r="6" fill="#f4efe0" ${o.replace('5', '2')}/>`),
  ].join('');
}

function tattooGeometric(): Svg {
  // A wolf head of precise polygons: thin straight lines, a circle and dots, sacred geometry.
  const line = `stroke="${ink}" stroke-width="1.6" fill="none" stroke-linejoin="round"`;
  const pts: [number, number][] = [
    [128, 250],
    [96, 200],
    [128, 210],
    [160, 200],
    [80, 140],
    [128, 150],
    [176, 140],
    [70, 70],
    [100, 110],
    [156, 110],
    [186, 70],
    [128, 96],
  ];
  const edges = [
    [0, 1],
    [0, 3],
    [1, 2],
    [2, 3],
    [0, 2],
    [1, 4],
    [2, 5],
    [3, 6],
    [4, 5],
    [5, 6],
    [4, 7],
    [7, 8],
    [8, 5],
    [5, 9],
    [9, 10],
    [10, 6],
    [8, 11],
    [11, 9],
    [4, 8],
    [6, 9],
    [1, 5],
    [3, 5],
  ];
  return [
    sky('#fbfbf9'),
    `<circle cx="128" cy="160" r="110" ${line}/><circle cx="128" cy="160" r="100" ${line} stroke-dasharray="2 4"/>`,
    path('M128,50 L223,215 L33,215 Z', line.replace('1.6', '0.8')),
    ...edges.map(([a, b]) => path(`M${pts[a!]![0]},${pts[a!]![1]} L${pts[b!]![0]},${pts[b!]![1]}`, line)),
    path('M104,150 L116,146 L112,154 Z M152,150 L140,146 L144,154 Z', `fill="${ink}"`),
    ...pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.2" fill="${ink}"/>`),
    `<circle cx="128" cy="290" r="3" fill="${ink}"/><circle cx="128" cy="30" r="3" fill="${ink}"/>`,
  ].join('');
}

function tattooMinimal(): Svg {
  // A tiny mountain range in one continuous line, lots of empty skin around it.
  return [
    sky('#efd6c0'),
    path(
      'M84,180 L104,152 L112,162 L128,136 L142,158 L150,148 L172,180',
      `fill="none" stroke="${ink}" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round"`,
    ),
    path('M84,180 L172,180', `stroke="${ink}" stroke-width="1.8" stroke-linecap="round"`),
    `<circle cx="152" cy="130" r="5" fill="none" stroke="${ink}" stroke-width="1.5"/>`,
  ].join('');
}

function tattooTribal(): Svg {
  // A sun of flowing black blades around a solid disc: bold curves, tapering points.
  const blades = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const c = Math.cos(a);
    const s = Math.sin(a);
    const p = (r: number, da: number) => [128 + Math.cos(a + da) * r, 160 + Math.sin(a + da) * r] as const;
    const [x0, y0] = p(52, -0.16);
    const [x1, y1] = p(52, 0.16);
    const [cx, cy] = p(100, 0.42);
    const tip = [128 + c * 124, 160 + s * 124];
    return path(
      `M${f(x0)},${f(y0)} Q${f(cx)},${f(cy)} ${f(tip[0]!)},${f(tip[1]!)} Q${f(p(80, -0.1)[0])},${f(p(80, -0.1)[1])} ${f(x1)},${f(y1)} Z`,
      `fill="${ink}"`,
    );
  });
  return [
    sky('#f7f5f0'),
    ...blades,
    `<circle cx="128" cy="160" r="50" fill="${ink}"/>`,
    path('M98,160 Q128,118 158,160 Q128,146 98,160 Z', 'fill="#f7f5f0"'),
    path('M108,176 Q128,196 148,176 Q128,186 108,176 Z', 'fill="#f7f5f0"'),
  ].join('');
}

function tattooRealism(): Svg {
  // A lion in black and grey: soft graded shading, no outlines, a dark mane around a pale face.
  return [
    `<defs>${radial('mane', '#6a6a6a', '#101010')}${radial('face', '#d8d8d8', '#6a6a6a')}${blurFilter('s', 3)}</defs>`,
    sky('#f2f0ec'),
    `<g filter="url(#s)">`,
    ...Array.from({ length: 22 }, (_, i) => {
      const a = (i / 22) * Math.PI * 2;
      return `<ellipse cx="${f(128 + Math.cos(a) * 70)}" cy="${f(160 + Math.sin(a) * 80)}" rx="34" ry="16" transform="rotate(${f((a * 180) / Math.PI)} ${f(128 + Math.cos(a) * 70)} ${f(160 + Math.sin(a) * 80)})" fill="url(#mane)"/>`;
    }),
    `<ellipse cx="128" cy="160" rx="62" ry="74" fill="url(#face)"/>`,
    `<ellipse cx="128" cy="196" rx="30" ry="22" fill="#9a9a9a"/>`,
    `</g>`,
    path('M116,186 L140,186 L128,202 Z', 'fill="#1a1a1a"'),
    `<ellipse cx="104" cy="142" rx="10" ry="6" fill="#1a1a1a"/><ellipse cx="152" cy="142" rx="10" ry="6" fill="#1a1a1a"/>`,
    `<circle cx="106" cy="141" r="2" fill="#eee"/><circle cx="154" cy="141" r="2" fill="#eee"/>`,
    path(
      'M96,128 Q104,120 116,128 M140,128 Q152,120 160,128',
      'fill="none" stroke="#3a3a3a" stroke-width="3"',
    ),
    path(
      'M128,202 Q128,214 116,218 M128,202 Q128,214 140,218',
      'fill="none" stroke="#2a2a2a" stroke-width="2.5"',
    ),
  ].join('');
}

function tattooNeo(): Svg {
  // A rose with a dagger: ornate shapes, rich jewel colours, varied line weight, gold details.
  const o = `stroke="${ink}" stroke-width="4" stroke-linejoin="round"`;
  return [
    sky('#f4ede0'),
    path('M128,30 L140,60 L136,240 L128,270 L120,240 L116,60 Z', `fill="#c8ccd8" ${o}`),
    path('M128,60 L128,240', 'stroke="#8a8ea0" stroke-width="2"'),
    path('M92,56 L164,56 L158,68 L98,68 Z', `fill="#d8a830" ${o}`),
    `<rect x="120" y="14" width="16" height="42" rx="4" fill="#5a2a6a" ${o}/>`,
    `<circle cx="128" cy="12" r="7" fill="#d8a830" ${o}/>`,
    path('M60,190 Q40,150 70,130 Q60,170 100,180 Z', `fill="#2a7a4a" ${o}`),
    path('M196,200 Q220,170 200,140 Q196,180 160,186 Z', `fill="#2a7a4a" ${o}`),
    `<circle cx="128" cy="170" r="50" fill="#a01a3a" ${o}/>`,
    path('M90,160 Q128,120 166,160 Q128,150 90,160 Z', `fill="#d02a50" ${o}`),
    path('M100,186 Q128,210 156,186 Q128,176 100,186 Z', `fill="#70102a" ${o}`),
    path('M112,160 Q128,140 144,160 Q140,176 128,178 Q116,176 112,160 Z', `fill="#e04a6a" ${o}`),
    path('M120,160 Q128,150 136,160', 'fill="none" stroke="#121212" stroke-width="3"'),
    ...[
      [70, 260],
      [190, 262],
      [60, 90],
    ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#d8a830" ${o.replace('4', '2')}/>`),
  ].join('');
}

const DRAWINGS: Record<string, () => Svg> = {
  'anime-classic': animeClassic,
  'anime-watercolor': animeWatercolor,
  'anime-shoujo': animeShoujo,
  'anime-shonen': animeShonen,
  'anime-chibi': animeChibi,
  'anime-cyberpunk': animeCyberpunk,
  'anime-retro': animeRetro,
  'anime-mecha': animeMecha,
  'anime-fantasy': animeFantasy,
  'anime-dark': animeDark,
  'anime-slice-of-life': animeSliceOfLife,
  'anime-idol': animeIdol,
  'girl-portrait': girlPortrait,
  'girl-anime': girlAnime,
  'girl-fitness': girlFitness,
  'girl-elegant': girlElegant,
  'girl-cosplay': girlCosplay,
  'girl-beach': girlBeach,
  'girl-gothic': girlGothic,
  'girl-office': girlOffice,
  'girl-elf': girlElf,
  'girl-street': girlStreet,
  'tattoo-traditional': tattooTraditional,
  'tattoo-fineline': tattooFineline,
  'tattoo-blackwork': tattooBlackwork,
  'tattoo-watercolor': tattooWatercolor,
  'tattoo-japanese': tattooJapanese,
  'tattoo-geometric': tattooGeometric,
  'tattoo-minimal': tattooMinimal,
  'tattoo-tribal': tattooTribal,
  'tattoo-realism': tattooRealism,
  'tattoo-neo': tattooNeo,
};

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
