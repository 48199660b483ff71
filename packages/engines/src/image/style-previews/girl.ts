import { W, f, path, linear, radial, sky, scatter, bust, blurFilter, type Svg } from './draw';

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

export const GIRL_DRAWINGS: Record<string, () => Svg> = {
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
};
