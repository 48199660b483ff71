/**
 * The floor's rules, compiled once: the 11 languages' lexicons grouped by the view they read
 * and the script that makes them worth running (Korean rules only run on text with Hangul).
 * Scanning rules are indexed by the literal text they start with (starts.ts) and run as sticky
 * regexes only where that text occurs; context rules are tested on a few characters around a
 * minor signal, and only when there is one.
 */
import { ar } from './lang/ar';
import { en } from './lang/en';
import { es } from './lang/es';
import { fr, frAccent } from './lang/fr';
import { id } from './lang/id';
import { ja } from './lang/ja';
import { ko } from './lang/ko';
import { pt } from './lang/pt';
import { ru } from './lang/ru';
import { viAccent, viPlain } from './lang/vi';
import { zh } from './lang/zh';
import type { Family, Lexicon } from './lexicon';
import { SCRIPT } from './characters';
import type { Views } from './normalise';
import { patternStarts } from './starts';

export type ScanFamily =
  | 'absolute'
  | 'underage'
  | 'age'
  | 'school'
  | 'schoolPlace'
  | 'child'
  | 'childGeneric'
  | 'teen'
  | 'sexual'
  | 'intimate'
  | 'selfHarm';

export type ContextFamily = Exclude<Family, ScanFamily>;

/** The families that speak of a minor (an age, a school, a child...), `absolute` aside. */
const MINOR_FAMILY_LIST = [
  'underage',
  'age',
  'school',
  'schoolPlace',
  'child',
  'childGeneric',
  'teen',
] as const satisfies readonly ScanFamily[];

export const SCAN_FAMILIES: readonly ScanFamily[] = [
  'absolute',
  ...MINOR_FAMILY_LIST,
  'sexual',
  'intimate',
  'selfHarm',
];

/** The families a minor is named by: `absolute` (always a minor) and the minor families. */
export const MINOR_SCAN_FAMILIES: ReadonlySet<ScanFamily> = new Set(['absolute', ...MINOR_FAMILY_LIST]);

const CONTEXT_FAMILIES: readonly ContextFamily[] = [
  'past',
  'pastNear',
  'pastAfter',
  'kinship',
  'kinshipAfter',
  'role',
  'roleAfter',
  'negation',
  'negationAfter',
  'notPerson',
  'notPersonBefore',
];

interface Entry {
  family: ScanFamily;
  /** Read without diacritics from a language other than Vietnamese (see `scanAll`). */
  plainLatin: boolean;
  /** Sticky: run where one of its starts is found. */
  re: RegExp;
  /** The scan and position it last ran at: a pattern with several starts runs once per position. */
  ranScan: number;
  ranAt: number;
}

/** The patterns' starts as a trie: walking the text from a position finds every pattern to run. */
interface Node {
  next: Map<string, Node>;
  entries: Entry[];
}

export interface Group {
  name: string;
  view: 'u' | 'a' | 'r';
  /** Bit set of SCRIPT the text must have (0: always run). */
  gate: number;
  /** Also read the leetspeak view (the Latin group; digits-only tokens are unchanged there). */
  leet: boolean;
  /** Patterns start at word starts (Latin, Cyrillic, accents); CJK, Hangul and Arabic anywhere. */
  words: boolean;
  /** Patterns by their starts. */
  trie: Node;
  /** Patterns whose start could not be read: run over the whole text. */
  always: { family: ScanFamily; plainLatin: boolean; re: RegExp }[];
  context: Partial<Record<ContextFamily, RegExp>>;
}

function group(
  name: string,
  view: Group['view'],
  gate: number,
  lexicons: Lexicon[],
  unicode: boolean,
  /** Lexicons read without diacritics that are not Vietnamese (the Latin group but viPlain). */
  plainLatin: ReadonlySet<Lexicon> = new Set(),
): Group {
  const sources = (family: Family) => lexicons.flatMap((l) => l[family] ?? []);
  const trie: Node = { next: new Map(), entries: [] };
  const always: Group['always'] = [];
  const flags = unicode ? 'u' : '';
  const words = name === 'latin' || name === 'accent' || name === 'cyrillic';
  for (const family of SCAN_FAMILIES) {
    for (const lexicon of lexicons) {
      for (const source of lexicon[family] ?? []) {
        const starts = patternStarts(source);
        const plain = plainLatin.has(lexicon);
        // At word starts only when every start is anchored to one.
        if (!starts || (words && starts.some((s) => !s.anchored))) {
          always.push({ family, plainLatin: plain, re: new RegExp(source, flags + 'g') });
          continue;
        }
        const entry: Entry = {
          family,
          plainLatin: plain,
          re: new RegExp(source, flags + 'y'),
          ranScan: 0,
          ranAt: -1,
        };
        for (const { text } of starts) {
          let node = trie;
          for (const ch of text) {
            let child = node.next.get(ch);
            if (!child) node.next.set(ch, (child = { next: new Map(), entries: [] }));
            node = child;
          }
          if (!node.entries.includes(entry)) node.entries.push(entry);
        }
      }
    }
  }
  const context: Group['context'] = {};
  for (const f of CONTEXT_FAMILIES) {
    const list = sources(f);
    // Context rules are tested on short slices around a signal, one at a time.
    if (list.length) context[f] = new RegExp(list.map((x) => `(?:${x})`).join('|'), flags);
  }
  return { name, view, gate, leet: name === 'latin', words, trie, always, context };
}

/** The groups and the scripts that wake them; each is compiled the first time a text needs it. */
const GROUP_DEFS: { gate: number; build: () => Group }[] = [
  {
    gate: 0,
    build: () => group('latin', 'u', 0, [en, fr, es, pt, id, viPlain], false, new Set([en, fr, es, pt, id])),
  },
  {
    gate: SCRIPT.latinAccent,
    build: () => group('accent', 'a', SCRIPT.latinAccent, [frAccent, viAccent], true),
  },
  { gate: SCRIPT.cyrillic, build: () => group('cyrillic', 'r', SCRIPT.cyrillic, [ru], true) },
  {
    gate: SCRIPT.han | SCRIPT.kana,
    build: () => group('cjk', 'u', SCRIPT.han | SCRIPT.kana, [zh, ja], true),
  },
  { gate: SCRIPT.hangul, build: () => group('hangul', 'u', SCRIPT.hangul, [ko], true) },
  { gate: SCRIPT.arabic, build: () => group('arabic', 'u', SCRIPT.arabic, [ar], true) },
];
const built: (Group | undefined)[] = [];

/** Every group, compiled (for tests and the benchmark). */
export function allGroups(): Group[] {
  return GROUP_DEFS.map((d, i) => (built[i] ??= d.build()));
}

export interface Hit {
  family: ScanFamily;
  start: number;
  end: number;
  /** For ages: the numbers read from the match (empty: a minor's age written in words). */
  values: number[];
}

export function activeGroups(views: Views): Group[] {
  const out: Group[] = [];
  GROUP_DEFS.forEach((d, i) => {
    if (d.gate !== 0 && (views.scripts & d.gate) === 0) return;
    const g = (built[i] ??= d.build());
    if (views[g.view] !== null) out.push(g);
  });
  return out;
}

export function viewOf(views: Views, g: Group): string {
  return views[g.view] ?? views.u;
}

/** Every scanning rule over the views; duplicates (same family and place) removed. */
export function scanAll(views: Views, groups: readonly Group[]): Hit[] {
  const hits: Hit[] = [];
  const seen = new Set<string>();
  // In a Vietnamese text, read without its diacritics, a word like "âm" (sound) is "am": rules of
  // the other Latin languages only count where the text itself has no diacritics.
  const vietnamese = (views.scripts & SCRIPT.vietnamese) !== 0 && views.a !== null;
  const push = (family: ScanFamily, m: RegExpExecArray, plainLatin: boolean) => {
    if (m[0].length === 0) return;
    if (plainLatin && vietnamese && hasNonAscii(views.a!, m.index, m.index + m[0].length)) return;
    const key = `${family}:${m.index}`;
    if (seen.has(key)) return;
    seen.add(key);
    hits.push({
      family,
      start: m.index,
      end: m.index + m[0].length,
      values: family === 'age' ? numbers(m) : [],
    });
  };
  for (const g of groups) {
    scanView(g, viewOf(views, g), push);
    if (g.leet && views.l) scanView(g, views.l, push);
  }
  return withoutNested(hits);
}

function hasNonAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

const MINOR_FAMILIES = new Set<ScanFamily>(MINOR_FAMILY_LIST);

/**
 * A minor signal inside a longer one is the same phrase read twice ("3학년" in "초등학교 3학년"):
 * only the longer one is kept, so that its context is read from its own start.
 */
function withoutNested(hits: Hit[]): Hit[] {
  const minors = hits.filter((h) => MINOR_FAMILIES.has(h.family));
  if (minors.length < 2) return hits;
  return hits.filter(
    (h) =>
      !MINOR_FAMILIES.has(h.family) ||
      !minors.some(
        (o) =>
          o !== h &&
          o.start <= h.start &&
          o.end >= h.end &&
          (o.end - o.start > h.end - h.start || o.start < h.start),
      ),
  );
}

let scans = 0;

function scanView(
  g: Group,
  text: string,
  push: (family: ScanFamily, m: RegExpExecArray, plainLatin: boolean) => void,
) {
  for (const { family, re, plainLatin } of g.always) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      if (m[0].length === 0) re.lastIndex += 1;
      else push(family, m, plainLatin);
    }
  }
  const scan = ++scans;
  let prevWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (g.words) {
      const word = isWordChar(c);
      const start = word && !prevWord;
      prevWord = word;
      if (!start) continue;
    }
    let node: Node | undefined = g.trie;
    for (let k = i; k < text.length; k++) {
      node = node.next.get(text[k]!);
      if (!node) break;
      for (const e of node.entries) {
        if (e.ranScan === scan && e.ranAt === i) continue;
        e.ranScan = scan;
        e.ranAt = i;
        e.re.lastIndex = i;
        const m = e.re.exec(text);
        if (m) push(e.family, m, e.plainLatin);
      }
    }
  }
}

/** Letters and digits of any script, roughly: a superset is fine (the patterns check boundaries). */
function isWordChar(c: number): boolean {
  if (c < 0x80)
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
  if (c < 0xc0) return c === 0xaa || c === 0xb5 || c === 0xba;
  if (c >= 0x2000 && c <= 0x2bff) return false;
  if (c >= 0x3000 && c <= 0x303f) return false;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  if (c >= 0xfe00 && c <= 0xfe6f) return false;
  if (c >= 0xff00 && c <= 0xff20) return false;
  return true;
}

const EN_UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  eighteen: 18,
  nineteen: 19,
};
const EN_TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
/** "eighteeen" and "eighteen" are the same word: compare with runs of a letter squeezed. */
const squeeze = (s: string) => s.replace(/([a-z])\1+/g, '$1');
const SQUEEZED_UNITS = new Map(Object.entries(EN_UNITS).map(([k, v]) => [squeeze(k), v]));
const SQUEEZED_TENS = new Map(Object.entries(EN_TENS).map(([k, v]) => [squeeze(k), v]));

/** The numbers in an age match's groups: digits, or an English number word (adult ones). */
function numbers(m: RegExpExecArray): number[] {
  const out: number[] = [];
  for (let i = 1; i < m.length; i++) {
    const g = m[i];
    if (!g) continue;
    if (/^\d+$/.test(g)) {
      out.push(Number(g));
      continue;
    }
    const word = squeeze(g.replace(/[^a-z]/g, ''));
    for (const [tens, value] of SQUEEZED_TENS) {
      if (word.startsWith(tens)) {
        out.push(value + (SQUEEZED_UNITS.get(word.slice(tens.length)) ?? 0));
        break;
      }
    }
    const unit = SQUEEZED_UNITS.get(word);
    if (unit !== undefined && unit >= 18) out.push(unit);
  }
  return out;
}

/** Whether a context rule matches in `groups` on the slice [from, to) of their views. */
export function contextMatches(
  views: Views,
  groups: readonly Group[],
  family: ContextFamily,
  from: number,
  to: number,
): boolean {
  for (const g of groups) {
    const re = g.context[family];
    if (!re) continue;
    const text = viewOf(views, g);
    if (re.test(text.slice(Math.max(0, from), Math.min(text.length, to)))) return true;
  }
  return false;
}
