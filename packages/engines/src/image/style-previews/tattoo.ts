import { f, path, radial, sky, scatter, washFilter, blurFilter, type Svg } from './draw';

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

export const TATTOO_DRAWINGS: Record<string, () => Svg> = {
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
