/**
 * Normalisation for the offline floor: the text is rewritten into a few aligned "views" so that
 * one set of rules sees through the common evasions. Every view has the same length and
 * `pos[i]` is the index in `base` (the NFKC form of the input) of the view's character i, so a
 * rule's match can be shown to the writer as they typed it.
 *
 * NFKC comes first (only when the text has a compatibility character): full-width forms,
 * ligatures, circled and mathematical letters become plain. Then:
 * - `u`, the universal view: lower case; Latin diacritics stripped ("niña" -> "nina"); Cyrillic
 *   and Greek letters that look Latin folded to Latin ("ѕех" -> "sex"), small capitals too;
 *   Arabic-Indic digits as ASCII; Arabic letter variants folded (أ إ آ -> ا, ى -> ي, ة -> ه);
 *   zero-width characters, combining marks, tatweel and variation selectors removed; one mark of
 *   punctuation inside a word removed ("s.e.x", "f-o-u-r-t-e-e-n", "14-year-old" -> "14yearold");
 *   single letters or digits separated by spaces joined ("s e x", "1 4 years"); a letter
 *   stretched to three or more kept once ("seeexy", "loooli"; doubled letters stay, so "teen"
 *   and "little" are safe and "seexy" is not undone); runs of spaces made one.
 * - `a`: as `u` but Latin diacritics kept, for rules where they carry meaning (Vietnamese, French
 *   "à 14 ans"). Only when the text has such letters.
 * - `l`: `u` with leetspeak undone inside tokens that mix letters and digits or symbols
 *   ("s3x", "l0li", "pu$$y"). Only when there is such a token; tokens of digits alone keep them.
 * - `r`: Cyrillic kept as Cyrillic (Latin look-alikes inside a Cyrillic word turned Cyrillic:
 *   "сeкс" with a Latin e), for the Russian rules. Only when the text has Cyrillic.
 */

import {
  C_ALNUM,
  C_CYR,
  C_DIGIT,
  C_JOIN,
  C_LEET,
  C_LETTER,
  C_PUNCT,
  DROP,
  is,
  isDigit,
  LEET_CODE,
  needsNfkc,
  SCRIPT_OF,
  TABLES,
  text16,
  TO_CYRILLIC_CODE,
  VIETNAMESE_ONLY,
  SCRIPT,
} from './characters';

export interface Views {
  base: string;
  u: string;
  a: string | null;
  l: string | null;
  r: string | null;
  pos: Int32Array;
  /** Bit set of SCRIPT: which rule sets are worth running. */
  scripts: number;
}

export function normalise(input: string): Views {
  const base = needsNfkc(input) ? input.normalize('NFKC') : input;
  const n = base.length;
  const u1 = new Uint16Array(n);
  const p1 = new Int32Array(n);
  let k = 0;
  let scripts = 0;
  let vietnamese = 0;
  const U = TABLES.u;
  for (let i = 0; i < n; i++) {
    const c = base.charCodeAt(i);
    if (c >= 0xc0) {
      scripts |= SCRIPT_OF[c]!;
      vietnamese += VIETNAMESE_ONLY[c]!;
    }
    const f = U[c]!;
    if (f === DROP) continue;
    u1[k] = f;
    p1[k] = i;
    k++;
  }

  // Which characters to remove: single letters spaced out, punctuation inside words.
  const remove = new Uint8Array(k);
  // Spaced singles: chains of one-character tokens separated by one space ("s e x", "1 4").
  // (Punctuation between letters is handled below, so "s.e.x" needs no chain.)
  let i = 0;
  while (i < k) {
    const c = u1[i]!;
    const single =
      is(c, C_JOIN) && (i === 0 || !isWordChar(u1[i - 1]!)) && (i + 1 >= k || !isWordChar(u1[i + 1]!));
    if (!single) {
      i++;
      continue;
    }
    // A chain is all letters (three or more: "s e x") or all digits (two or more: "1 4").
    const digits = isDigit(c);
    const gaps: number[] = [];
    let j = i;
    while (j + 2 < k) {
      const next = u1[j + 2]!;
      const nextSingle =
        is(next, C_JOIN) && isDigit(next) === digits && (j + 3 >= k || !isWordChar(u1[j + 3]!));
      if (u1[j + 1] !== 0x20 || !nextSingle) break;
      gaps.push(j + 1);
      j += 2;
    }
    if (gaps.length >= (digits ? 1 : 2)) for (const g of gaps) remove[g] = 1;
    i = j + 1;
  }
  // One pass for the rest:
  // - runs of spaces become one (the rules' starts count "\s+" as one space);
  // - a letter stretched to three or more keeps one ("seeexy", "nuuude"; no word has three in a
  //   row, and "xxx" is a word of its own);
  // - one mark of punctuation between a letter and a letter or digit goes ("s.e.x", "14-year-old").
  for (let q = 1; q < k; q++) {
    const c = u1[q]!;
    const prev = u1[q - 1]!;
    if (c === 0x20) {
      if (prev === 0x20) remove[q] = 1;
      continue;
    }
    if (c === prev && q >= 2 && c === u1[q - 2] && c !== 0x78 && is(c, C_JOIN) && !isDigit(c)) {
      remove[q] = 1;
      remove[q - 1] = 1;
      continue;
    }
    if (q + 1 < k && is(c, C_PUNCT)) {
      const next = u1[q + 1]!;
      const prevL = is(prev, C_LETTER);
      const nextL = is(next, C_LETTER);
      if ((prevL && (nextL || isDigit(next))) || (nextL && isDigit(prev))) remove[q] = 1;
    }
  }

  if (vietnamese >= 3) scripts |= SCRIPT.vietnamese;
  const uc = new Uint16Array(k);
  const pos = new Int32Array(k);
  let m = 0;
  for (let q = 0; q < k; q++) {
    if (remove[q]) continue;
    uc[m] = u1[q]!;
    pos[m] = p1[q]!;
    m++;
  }
  const u = text16(uc, m);

  let a: string | null = null;
  if (scripts & SCRIPT.latinAccent) {
    const ac = new Uint16Array(m);
    for (let q = 0; q < m; q++) ac[q] = TABLES.a[base.charCodeAt(pos[q]!)]!;
    a = text16(ac, m);
  }

  let r: string | null = null;
  if (scripts & SCRIPT.cyrillic) r = cyrillicView(base, pos, uc, m);

  const l = leetView(uc, m);
  return { base, u, a, l, r, pos: pos.subarray(0, m), scripts };
}

function isLetterOrDigit(c: number): boolean {
  return is(c, C_LETTER | C_DIGIT);
}

/** Part of a word for the spaced-letters rule: "I'm" is one token, not "I" and "m". */
function isWordChar(c: number): boolean {
  return c === 0x27 || is(c, C_LETTER | C_DIGIT);
}

/** Cyrillic kept; inside a word with Cyrillic letters, Latin look-alikes become Cyrillic. */
function cyrillicView(base: string, pos: Int32Array, uc: Uint16Array, m: number): string {
  const rc = new Uint16Array(m);
  for (let q = 0; q < m; q++) rc[q] = TABLES.r[base.charCodeAt(pos[q]!)]!;
  let start = 0;
  while (start < m) {
    if (!isLetterOrDigit(uc[start]!)) {
      start++;
      continue;
    }
    let end = start;
    let cyr = false;
    while (end < m && isLetterOrDigit(uc[end]!)) {
      if (is(rc[end]!, C_CYR)) cyr = true;
      end++;
    }
    if (cyr) {
      for (let q = start; q < end; q++) {
        const x = rc[q]!;
        const to = x < 0x80 ? TO_CYRILLIC_CODE[x]! : 0;
        if (to) rc[q] = to;
      }
    }
    start = end;
  }
  return text16(rc, m);
}

/** `u` with leetspeak undone in tokens that mix letters with digits or symbols; null when none. */
function leetView(uc: Uint16Array, m: number): string | null {
  let out: Uint16Array | null = null;
  let start = 0;
  while (start < m) {
    if (!is(uc[start]!, C_ALNUM | C_LEET)) {
      start++;
      continue;
    }
    let end = start;
    let letters = 0;
    let leet = 0;
    while (end < m && is(uc[end]!, C_ALNUM | C_LEET)) {
      if (is(uc[end]!, C_LETTER)) letters++;
      else leet++;
      end++;
    }
    if (letters === 0 || leet === 0) {
      start = end;
      continue;
    }
    // Symbols at the edges are punctuation ("hey!", "$5"), not letters; "@ss" and "a$$" are.
    let s = start;
    let e = end;
    while (s < e && is(uc[s]!, C_LEET) && uc[s] !== 0x40) s++;
    while (e > s && is(uc[e - 1]!, C_LEET) && uc[e - 1] !== 0x24) e--;
    out ??= uc.slice(0, m);
    for (let q = s; q < e; q++) {
      const x = uc[q]!;
      if (is(x, C_LETTER)) continue;
      let to = LEET_CODE[x]!;
      if (!to) continue;
      // "1oli" is "loli": a 1 that starts a token before a vowel is an l.
      if (x === 0x31 && q === s && q + 1 < e && /[aeiou]/.test(String.fromCharCode(uc[q + 1]!))) to = 0x6c;
      out[q] = to;
    }
    start = end;
  }
  return out ? text16(out, m) : null;
}
