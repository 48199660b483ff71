/**
 * The character tables of the floor's normalisation (`normalise.ts`): case and look-alike
 * folding per view, leetspeak, the dropped marks, one class and one script bit per code unit,
 * and the code points that need NFKC. Built once when the module loads.
 */

export const SCRIPT = {
  latinAccent: 1,
  cyrillic: 2,
  han: 4,
  kana: 8,
  hangul: 16,
  arabic: 32,
  /** At least three letters only Vietnamese uses (ơ ư ă đ, ạ ả ấ…): the text is Vietnamese. */
  vietnamese: 64,
} as const;

export const DROP = 0xffff;

// Look-alikes that fold to Latin in `u` and `a` (lower case; upper case is lowered first).
const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ү: 'y',
  ɡ: 'g',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  μ: 'u',
  ς: 's',
  ϲ: 'c',
  ϳ: 'j',
  ά: 'a',
  έ: 'e',
  ί: 'i',
  ό: 'o',
  ύ: 'u',
  ή: 'n',
  // Latin small capitals and other look-alikes NFKC keeps
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  ɑ: 'a',
  ɩ: 'i',
  ı: 'i',
  ſ: 's',
  ɒ: 'o',
  ɔ: 'c',
  ǝ: 'e',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ß: 's',
  æ: 'a',
  œ: 'o',
  ħ: 'h',
  ŧ: 't',
  ƀ: 'b',
  ɨ: 'i',
  ʉ: 'u',
};

// Latin look-alikes that turn Cyrillic inside a Cyrillic word (for `r`).
const TO_CYRILLIC: Record<string, string> = {
  a: 'а',
  b: 'в',
  c: 'с',
  e: 'е',
  h: 'н',
  k: 'к',
  m: 'м',
  o: 'о',
  p: 'р',
  t: 'т',
  x: 'х',
  y: 'у',
  '3': 'з',
  '0': 'о',
  '6': 'б',
};

// Leetspeak inside a mixed token; "1" is "l" at the start of a token before a vowel, else "i".
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};

// Removed between two letters or a letter and a digit: "s.e.x", "f-o-u-r-t-e-e-n", "se*x".
const INNER_PUNCT = new Set(
  ['.', '-', '_', '*', '~', '^', '·', '•', '‧', '=', '‐', '‑', '‒', '–', '—'].map((c) => c.charCodeAt(0)),
);

const LEET_SYMBOL = [0x40, 0x24, 0x21, 0x7c, 0x2b]; // @ $ ! | +

// Leetspeak as code units (0 = not a leet character).
export const LEET_CODE = (() => {
  const t = new Uint16Array(0x80);
  for (const [k, v] of Object.entries(LEET)) t[k.charCodeAt(0)] = v.charCodeAt(0);
  return t;
})();

// Latin look-alikes as Cyrillic code units (0 = none).
export const TO_CYRILLIC_CODE = (() => {
  const t = new Uint16Array(0x80);
  for (const [k, v] of Object.entries(TO_CYRILLIC)) t[k.charCodeAt(0)] = v.charCodeAt(0);
  return t;
})();

function buildTables() {
  const u = new Uint16Array(0x10000);
  const a = new Uint16Array(0x10000);
  const r = new Uint16Array(0x10000);
  for (let c = 0; c < 0x10000; c++) u[c] = a[c] = r[c] = c;
  const set = (t: Uint16Array, c: number, s: string) => (t[c] = s.charCodeAt(0));
  const lowerRanges: [number, number][] = [
    [0x41, 0x5a],
    [0xc0, 0x24f],
    [0x370, 0x3ff],
    [0x400, 0x52f],
    [0x1e00, 0x1eff],
  ];
  for (const [from, to] of lowerRanges) {
    for (let c = from; c <= to; c++) {
      const lower = String.fromCharCode(c).toLowerCase()[0] ?? '';
      for (const t of [u, a, r]) set(t, c, lower);
      // Latin letters: diacritics stripped in `u` only.
      if (c >= 0xc0 && (c <= 0x24f || (c >= 0x1e00 && c <= 0x1eff))) {
        const bare = lower.normalize('NFD').replace(/\p{M}/gu, '');
        if (/^[a-z]$/.test(bare)) set(u, c, bare);
      }
    }
  }
  for (const [from, to] of Object.entries(CONFUSABLE)) {
    const lowerCodes = [from.charCodeAt(0), from.toUpperCase().charCodeAt(0)];
    for (const c of lowerCodes) {
      set(u, c, to);
      // `a` keeps đ: in Vietnamese "địt" is not "dit".
      if (from !== 'đ') set(a, c, to);
    }
  }
  // Russian: ё is е.
  set(r, 0x451, 'е');
  set(r, 0x401, 'е');
  // Digits of other scripts.
  for (let d = 0; d < 10; d++) {
    for (const base of [0x660, 0x6f0]) for (const t of [u, a, r]) t[base + d] = 0x30 + d;
  }
  // Arabic letter variants.
  const arabic: [string, string][] = [
    ['أ', 'ا'],
    ['إ', 'ا'],
    ['آ', 'ا'],
    ['ٱ', 'ا'],
    ['ى', 'ي'],
    ['ة', 'ه'],
    ['ؤ', 'و'],
    ['ئ', 'ي'],
    ['ی', 'ي'],
    ['ک', 'ك'],
  ];
  for (const [from, to] of arabic) for (const t of [u, a, r]) set(t, from.charCodeAt(0), to);
  // Tabs and other spaces NFKC leaves are spaces (runs of spaces become one below).
  for (const sp of ['\t', '\u00a0', '\u2007', '\u202f', '\u3000', '\r'])
    for (const t of [u, a, r]) set(t, sp.charCodeAt(0), ' ');
  // Quotes and apostrophes: one apostrophe.
  for (const q of ['’', '‘', '`', '´', 'ʼ', '′', 'ʹ'])
    for (const t of [u, a, r]) set(t, q.charCodeAt(0), "'");
  // Invisible characters and marks that NFKC leaves: dropped.
  const drop: [number, number][] = [
    [0xad, 0xad],
    [0x300, 0x36f],
    [0x483, 0x489],
    [0x610, 0x61a],
    [0x640, 0x640],
    [0x64b, 0x65f],
    [0x670, 0x670],
    [0x6d6, 0x6dc],
    [0x6df, 0x6e4],
    [0x6e7, 0x6e8],
    [0x6ea, 0x6ed],
    [0x115f, 0x1160],
    [0x180b, 0x180e],
    [0x1ab0, 0x1aff],
    [0x1dc0, 0x1dff],
    [0x200b, 0x200f],
    [0x202a, 0x202e],
    [0x2060, 0x206f],
    [0x20d0, 0x20ff],
    [0x3099, 0x309a],
    [0x3164, 0x3164],
    [0xfe00, 0xfe0f],
    [0xfe20, 0xfe2f],
    [0xfeff, 0xfeff],
    [0xffa0, 0xffa0],
    [0x34f, 0x34f],
  ];
  for (const [from, to] of drop) for (let c = from; c <= to; c++) u[c] = a[c] = r[c] = DROP;
  return { u, a, r };
}

export const TABLES = buildTables();

// Character classes, one lookup per character.
export const C_ALNUM = 1; // ASCII letter or digit (after folding)
export const C_LETTER = 2; // a letter of a script the rules read
export const C_DIGIT = 4;
export const C_PUNCT = 8; // removed inside a word
export const C_LEET = 16; // @ $ ! | +
export const C_CYR = 32;
export const C_JOIN = 64; // may be one of a chain of spaced single letters: ASCII or Cyrillic
const CLASS = (() => {
  const t = new Uint8Array(0x10000);
  const mark = (from: number, to: number, bits: number) => {
    for (let c = from; c <= to; c++) t[c]! |= bits;
  };
  mark(0x61, 0x7a, C_ALNUM | C_LETTER | C_JOIN);
  mark(0x30, 0x39, C_ALNUM | C_DIGIT | C_JOIN);
  mark(0xc0, 0x24f, C_LETTER);
  mark(0x400, 0x52f, C_LETTER | C_CYR | C_JOIN);
  mark(0x620, 0x64a, C_LETTER);
  mark(0x1e00, 0x1eff, C_LETTER);
  mark(0x3040, 0x30ff, C_LETTER);
  mark(0x4e00, 0x9fff, C_LETTER);
  mark(0xac00, 0xd7a3, C_LETTER);
  for (const c of INNER_PUNCT) t[c]! |= C_PUNCT;
  for (const c of LEET_SYMBOL) t[c]! |= C_LEET;
  return t;
})();

export const is = (c: number, bits: number) => (CLASS[c]! & bits) !== 0;
export const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

// The script bit of each code unit (0 for ASCII and the rest).
export const SCRIPT_OF = (() => {
  const t = new Uint8Array(0x10000);
  for (let c = 0xc0; c < 0x10000; c++) t[c] = scriptOf(c);
  return t;
})();
export const VIETNAMESE_ONLY = (() => {
  const t = new Uint8Array(0x10000);
  for (let c = 0x1ea0; c <= 0x1ef9; c++) t[c] = 1;
  for (const c of [0x1a0, 0x1a1, 0x1af, 0x1b0, 0x102, 0x103, 0x110, 0x111]) t[c] = 1;
  return t;
})();

function scriptOf(c: number): number {
  if (c < 0xc0) return 0;
  if (c <= 0x24f || (c >= 0x1e00 && c <= 0x1eff)) return SCRIPT.latinAccent;
  if (c >= 0x400 && c <= 0x52f) return SCRIPT.cyrillic;
  if (c >= 0x600 && c <= 0x6ff) return SCRIPT.arabic;
  if (c >= 0x3040 && c <= 0x30ff) return SCRIPT.kana;
  if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf)) return SCRIPT.han;
  if ((c >= 0xac00 && c <= 0xd7a3) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f))
    return SCRIPT.hangul;
  return 0;
}

const decoder = new TextDecoder('utf-16le');
export const text16 = (codes: Uint16Array, n: number) => decoder.decode(codes.subarray(0, n));

// Only these code points change under NFKC in a way the rules care about (compatibility forms,
// decomposed accents, full-width and half-width forms, ligatures, enclosed and mathematical
// letters); other text skips it. Arabic needs none: its combining hamza is dropped anyway.
const NFKC_RANGES: [number, number][] = [
  [0xa0, 0xa0],
  [0xaa, 0xaa],
  [0xb2, 0xb3],
  [0xb5, 0xb5],
  [0xb9, 0xba],
  [0xbc, 0xbe],
  [0x132, 0x133],
  [0x13f, 0x140],
  [0x17f, 0x17f],
  [0x1c4, 0x1cc],
  [0x2b0, 0x36f],
  [0x1d2c, 0x1dbf],
  [0x2070, 0x218f],
  [0x2460, 0x24ff],
  [0x3099, 0x309a],
  [0x3200, 0x33ff],
  [0xd835, 0xd835],
  [0xd83c, 0xd83c],
  [0xf900, 0xfaff],
  [0xfb00, 0xfdff],
  [0xfe10, 0xfe6f],
  [0xff00, 0xffef],
];
const NEEDS_NFKC = (() => {
  const t = new Uint8Array(0x10000);
  for (const [from, to] of NFKC_RANGES) t.fill(1, from, to + 1);
  return t;
})();

export function needsNfkc(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (NEEDS_NFKC[text.charCodeAt(i)]) return true;
  return false;
}
