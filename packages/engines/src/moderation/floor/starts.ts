/**
 * The literal text a pattern can start with, read from its source: "sex" for `\bsex\b`,
 * "i'm", "im" and "i am" for `\b(?:i'?m|i\s+am)\s+`, a digit for `\b(\d{1,2})`. The floor
 * indexes the patterns by these starts and runs a pattern only where one of its starts occurs,
 * instead of scanning the whole text with each of its hundreds of patterns.
 *
 * `\s` counts as one space: the normaliser collapses runs of spaces. Only the subset of regex
 * syntax the lexicons use is understood; a pattern whose start cannot be read (it may begin with
 * `.`, `\w` or a large class) is run over the whole text instead.
 */

export interface Start {
  /** Literal characters (lower case), at most MAX. */
  text: string;
  /** Preceded by a word boundary (`\b` or a "not after a letter" look-behind). */
  anchored: boolean;
}

interface Prefix {
  text: string;
  /** More literal text may still be appended (nothing unknown has been met yet). */
  open: boolean;
  anchored: boolean;
}

const MAX = 6;
/** Beyond this many alternative starts, a pattern stops growing them. */
const WIDTH = 32;
const EMPTY: Prefix = { text: '', open: true, anchored: false };

/** The starts of a pattern, or null when they cannot be known. */
export function patternStarts(source: string): Start[] | null {
  const parser = new Parser(source);
  const prefixes = parser.alternation();
  if (parser.i !== source.length) return null;
  const out = new Map<string, Start>();
  for (const p of prefixes) {
    if (!p.text) return null; // it can start with something unknown
    const seen = out.get(p.text);
    out.set(p.text, { text: p.text, anchored: p.anchored && (seen?.anchored ?? true) });
  }
  return [...out.values()];
}

/** Appends every continuation to every prefix that is still open. */
function extend(current: Prefix[], next: Prefix[]): Prefix[] {
  const out: Prefix[] = [];
  for (const c of current) {
    if (!c.open || c.text.length >= MAX) {
      out.push(c);
      continue;
    }
    for (const n of next) {
      const text = (c.text + n.text).slice(0, MAX);
      out.push({
        text,
        open: n.open && text.length < MAX,
        anchored: c.text ? c.anchored : c.anchored || n.anchored,
      });
    }
  }
  if (out.length > WIDTH) return out.map((p) => ({ ...p, open: false }));
  return out;
}

class Parser {
  i = 0;
  constructor(private readonly s: string) {}

  alternation(): Prefix[] {
    const all: Prefix[] = [];
    for (;;) {
      all.push(...this.sequence());
      if (this.s[this.i] !== '|') break;
      this.i++;
    }
    return all;
  }

  sequence(): Prefix[] {
    let current: Prefix[] = [EMPTY];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      const item = this.item();
      if (current.some((p) => p.open)) current = extend(current, item);
    }
    return current;
  }

  /** An atom with its quantifier, as the prefixes it contributes. */
  item(): Prefix[] {
    const zero = this.zeroWidth();
    if (zero) return [zero];
    const atom = this.atom();
    const q = this.quantifier();
    if (q === 'one') return atom;
    // `\s+` is one space: the views have runs of spaces collapsed.
    if (q === 'many' && atom.length === 1 && atom[0]!.text === ' ') return atom;
    // One repetition is known; what follows it is not (another one or the rest).
    const once = atom.map((p) => ({ ...p, open: false }));
    if (q === 'many') return once;
    return q === 'optional' ? [EMPTY, ...atom] : [EMPTY, ...once];
  }

  /** `\b`, `^`, `$` and look-arounds match no text; a word start anchors what follows. */
  zeroWidth(): Prefix | null {
    const s = this.s;
    if (s.startsWith('\\b', this.i)) {
      this.i += 2;
      return { text: '', open: true, anchored: true };
    }
    if (s[this.i] === '^' || s[this.i] === '$') {
      this.i++;
      return EMPTY;
    }
    const look = /^\(\?(?:<=|<!|=|!)/.exec(s.slice(this.i, this.i + 4));
    if (!look) return null;
    const body = this.i + look[0].length;
    const end = this.closing(this.i);
    const inner = s.slice(body, end);
    this.i = end + 1;
    // "not after a letter": the word start used outside the ASCII views
    const wordStart =
      look[0] === '(?<!' && /^\[\\p\{L\}(?:\\p\{N\})?\]$|^\[\\u0621-\\u064a\]$|^\[가-힣\]$/.test(inner);
    return { text: '', open: true, anchored: wordStart };
  }

  atom(): Prefix[] {
    const s = this.s;
    const c = s[this.i]!;
    const lit = (text: string): Prefix => ({ text, open: true, anchored: false });
    if (c === '(') {
      this.i += s.startsWith('(?:', this.i) ? 3 : 1;
      const inner = this.alternation();
      this.i++; // ')'
      return inner;
    }
    if (c === '[') {
      const end = this.classEnd(this.i);
      const chars = classChars(s.slice(this.i + 1, end));
      this.i = end + 1;
      return chars ? chars.map(lit) : [{ text: '', open: false, anchored: false }];
    }
    if (c === '\\') {
      const next = s[this.i + 1] ?? '';
      if ((next === 'p' || next === 'P' || next === 'u') && s[this.i + 2] === '{') {
        this.i = s.indexOf('}', this.i) + 1;
        return [{ text: '', open: false, anchored: false }];
      }
      this.i += next === 'x' ? 4 : next === 'u' ? 6 : 2;
      if (next === 'd') return '0123456789'.split('').map(lit);
      if (next === 's') return [lit(' ')];
      if (/[.\\/'"$#&()[\]{}|?*+^-]/.test(next)) return [lit(next)];
      return [{ text: '', open: false, anchored: false }];
    }
    this.i++;
    if (c === '.') return [{ text: '', open: false, anchored: false }];
    return [lit(c.toLowerCase())];
  }

  quantifier(): 'one' | 'optional' | 'many' | 'optional-many' {
    const s = this.s;
    const c = s[this.i];
    let q: 'one' | 'optional' | 'many' | 'optional-many' = 'one';
    if (c === '?') q = 'optional';
    else if (c === '*') q = 'optional-many';
    else if (c === '+') q = 'many';
    else if (c === '{') {
      const end = s.indexOf('}', this.i);
      const [min, max] = s.slice(this.i + 1, end).split(',');
      this.i = end + 1;
      if (s[this.i] === '?') this.i++;
      const lo = Number(min);
      if (max === undefined && lo === 1) return 'one';
      return lo === 0 ? 'optional-many' : 'many';
    } else return q;
    this.i++;
    if (s[this.i] === '?') this.i++; // lazy
    return q;
  }

  closing(open: number): number {
    let depth = 0;
    for (let j = open; j < this.s.length; j++) {
      const c = this.s[j];
      if (c === '\\') j++;
      else if (c === '[') j = this.classEnd(j);
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return j;
    }
    return this.s.length;
  }

  classEnd(open: number): number {
    let j = open + 1;
    while (j < this.s.length && this.s[j] !== ']') j += this.s[j] === '\\' ? 2 : 1;
    return j;
  }
}

/** The characters of a small class like `[萝蘿]` or `[1-6]`; null for negated or large ones. */
function classChars(body: string): string[] | null {
  if (body.startsWith('^')) return null;
  const out: string[] = [];
  for (let k = 0; k < body.length; k++) {
    if (body[k] === '\\') {
      const e = body[k + 1];
      if (e === 's') out.push(' ');
      else if (e === 'd') out.push(...'0123456789');
      else if (e && /[.\\/'"$#&()[\]{}|?*+^-]/.test(e)) out.push(e);
      else return null;
      k++;
    } else if (body[k + 1] === '-' && k + 2 < body.length) {
      const from = body.charCodeAt(k);
      const to = body.charCodeAt(k + 2);
      if (to - from > 40) return null;
      for (let c = from; c <= to; c++) out.push(String.fromCharCode(c).toLowerCase());
      k += 2;
    } else out.push(body[k]!.toLowerCase());
  }
  return out.length <= 60 ? [...new Set(out)] : null;
}
