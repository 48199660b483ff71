import {
  W,
  f,
  path,
  linear,
  sky,
  scatter,
  bust,
  grainFilter,
  washFilter,
  blurFilter,
  type Svg,
} from './draw';

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

export const ANIME_DRAWINGS: Record<string, () => Svg> = {
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
};
