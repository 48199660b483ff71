/**
 * The offline floor: rules that run in every configuration, before any backend, in the 11
 * languages of the site (English, Chinese, Japanese, Arabic, French, Indonesian, Korean,
 * Portuguese, Russian, Spanish, Vietnamese). It is synchronous and fast enough to run on every
 * streamed chunk of a reply.
 *
 * The text is first normalised (floor/normalise.ts) so that the rules see through the common
 * evasions: spacing ("s e x", "1 4 years"), punctuation inside words ("s.e.x"), leetspeak
 * ("s3x"), homoglyphs (Cyrillic and Greek look-alikes, full-width forms), zero-width characters
 * and repeated letters ("seeexy"). The rules (floor/lang/*.ts) find:
 * - minor signals: a stated age under 18 (digits or words, "I'm 14", "j'ai 14 ans", "十四岁"),
 *   a school level or grade describing a person ("8th grader", "中学生", "học sinh lớp 8"), a
 *   child or diminutive ("little girl", "幼女", "девочка"), "underage" and its equivalents, and
 *   terms that exist only to sexualise minors (loli, shota, jailbait, pedo, CP...);
 * - sexual context (explicit words, acts, nudity, undressing, sexual touching) and intimate
 *   context (kissing, underwear, "touch her": sexual only when a minor is present);
 * - the writer's own intent of self-harm or suicide.
 *
 * Decision rule:
 * 1. `refuse`, category `sexual/minors`, when an always-refused term appears.
 * 2. Each other minor signal is read in its context (a few words around it):
 *    - dropped when negated ("no minors", "未成年禁止"), about a thing ("a 12-year-old whisky"),
 *      an adult's role at a school ("high school teacher", "teaches 8th grade"), or a teen or
 *      high-school word beside a stated adult age ("a 19-year-old teen");
 *    - a *mention* when it is the past ("when I was 12"), the writer's relative ("my son is
 *      12", "my daughter's school"), a school as a place ("middle school") or a generic word
 *      for children ("kids");
 *    - otherwise a *present participant*: someone in the conversation, the character, or the
 *      person an image shows ("I'm 14", "she is 15", "a 15-year-old girl", "in 9th grade").
 * 3. `refuse` when "underage" or an equivalent describes a participant, even with no sexual
 *    word ("she is underage").
 * 4. `refuse` when a participant minor appears with sexual words anywhere in the text or
 *    intimate words in the same sentence, or in an adult context (`context.adult`: an NSFW
 *    character, adult chat), where any present minor is refused.
 * 5. `refuse` when a mention has sexual words in the same sentence (the same clause for
 *    generic words like "kids": "after I put the kids to bed, come here" is not about them).
 *    Image prompts are one scene: every mention counts as a participant.
 * 6. Otherwise `crisis`, category `self-harm`, when the writer expresses intent of self-harm.
 * 7. Otherwise `allow`, with category `sexual` when sexual words appear (image tools use it to
 *    require adult content).
 * `match` is the phrase that decided, as the writer typed it. Names never trigger alone ("Test
 * Minor" is a name, "a minor" is a person). The figures are in bench/README.md (red-team set in
 * bench/redteam/cases.jsonl, run by bench/moderation.mjs and floor.test.ts).
 */
import { normalise, type Views } from './floor/normalise';
import {
  activeGroups,
  contextMatches,
  MINOR_SCAN_FAMILIES,
  scanAll,
  type Group,
  type Hit,
} from './floor/rules';
import type {
  ModerationCategory,
  ModerationContext,
  ModerationEngine,
  ModerationInput,
  ModerationResult,
} from './types';

// The patterns below read the universal view (lower case, no diacritics).
// Sentence and clause ends:
const SENTENCE_END = /[.!?。！？;؛\n…]/;
const CLAUSE_END = /[.!?。！？;؛\n…,，、،:：()（）"“”«»]/;
/** Words that tie two phrases into one person ("an 18-year-old high school senior"). */
const JOINS = /(?:^|[\s,;&])(?:and|with|or|et|avec|y|con|e|com|dan|và|и|с)(?:[\s,]|$)|[,;&.!?]/;
/** Before a relative: the writer or the character plays that relative ("I'm your", "be my"). */
const PLAYS_RELATIVE =
  /\b(?:i'?m|im|i\s+am|you'?re|youre|you\s+are|be|being|as|play(?:s|ing)?)\s+(?:my|your|his|her|our)\s*$/;
/** Right after a teen or school word: an adult age ("Teen 18+", "10代（18歳以上）"). */
const ADULT_MARK =
  /^\s*[(（]?\s*(?:1[89]|[2-9]\d)\s*(?:\+|歳以上|세\s*이상|[岁歲]以上|tuoi\s+tro\s+len|ans?\s+et\s+plus|anos?\s+ou\s+mais|anos?\s+o\s+mas|лет\s+и\s+старше|years?\s+(?:and|or)\s+(?:older|over|up))/;
const HIGH_SCHOOL_OR_TEEN =
  /teen|high|senior|junior|sixth|lycee|terminale|seconde|premiere|ado|medio|colegial|bachillerato|prepa|sma|smk|thpt|remaja|abg|старш|подрост|高校|高中|jk|고등|고딩|여고|ثانوي|مراهق|少女|청소년|10대|thieu|tuoi teen/;

type State = 'drop' | 'past' | 'kin' | 'participant' | 'mention';

export class OfflineFloor implements ModerationEngine {
  readonly id = 'offline-floor';
  readonly accepts = ['text'] as const;

  /** The synchronous check, for text as it streams. */
  screen(text: string, context: Pick<ModerationContext, 'adult' | 'surface'>): ModerationResult {
    if (!text) return this.result('allow', []);
    const views = normalise(text);
    const groups = activeGroups(views);
    const hits = scanAll(views, groups);
    const sexual = hits.filter((h) => h.family === 'sexual');
    const selfHarm = hits.find((h) => h.family === 'selfHarm');
    const extra: ModerationCategory[] = [
      ...(sexual.length ? (['sexual'] as const) : []),
      ...(selfHarm ? (['self-harm'] as const) : []),
    ];

    const minor = this.refusal(views, groups, hits, context);
    if (minor) {
      return this.result('refuse', ['sexual/minors', ...extra], cut(views, minor));
    }
    if (selfHarm) return this.result('crisis', extra, cut(views, selfHarm));
    return this.result('allow', extra, sexual[0] ? cut(views, sexual[0]) : undefined);
  }

  async check(input: ModerationInput, context: ModerationContext): Promise<ModerationResult> {
    if (input.kind !== 'text') throw new Error('the offline floor checks text only');
    return this.screen(input.text, context);
  }

  /** The minor signal that makes the text refused, if any (rules 1-5 above). */
  private refusal(
    views: Views,
    groups: readonly Group[],
    hits: readonly Hit[],
    context: Pick<ModerationContext, 'adult' | 'surface'>,
  ): Hit | null {
    const absolute = hits.find((h) => h.family === 'absolute');
    if (absolute) return absolute;
    const minors = hits.filter(
      (h) => MINOR_SCAN_FAMILIES.has(h.family) && !(h.family === 'age' && !isMinorAge(h)),
    );
    if (!minors.length) return null;

    const text = views.u;
    const sexual = hits.filter((h) => h.family === 'sexual');
    const intimate = hits.filter((h) => h.family === 'intimate');
    const adultAges = hits.filter((h) => h.family === 'age' && h.values.length > 0 && !isMinorAge(h));
    const scene = context.surface === 'image_prompt';
    const near = (list: readonly Hit[], h: Hit, ends: RegExp) =>
      list.some((s) => (scene ? true : sameSpan(text, h, s, ends)));

    for (const h of minors) {
      let state = this.state(views, groups, h, adultAges);
      if (state === 'drop') continue;
      if (scene && state === 'mention') state = 'participant';
      if (state === 'participant') {
        if (h.family === 'underage') return h;
        if (context.adult || sexual.length || near(intimate, h, SENTENCE_END)) return h;
        continue;
      }
      const ends = h.family === 'childGeneric' || h.family === 'schoolPlace' ? CLAUSE_END : SENTENCE_END;
      if (near(sexual, h, ends)) return h;
    }
    return null;
  }

  /** How a minor signal reads in its context (rule 2). */
  private state(views: Views, groups: readonly Group[], h: Hit, adultAges: readonly Hit[]): State {
    const text = views.u;
    const family = h.family;
    const has = (f: Parameters<typeof contextMatches>[2], from: number, to: number) =>
      contextMatches(views, groups, f, from, to);
    const sentence = sentenceStart(text, h.start);

    if (family !== 'age') {
      if (has('negation', h.start - 24, h.start) || has('negationAfter', h.end, h.end + 16)) return 'drop';
    } else if (has('negationAfter', h.end, h.end + 16)) return 'drop';
    if (
      family === 'age' &&
      (has('notPerson', h.end, h.end + 24) || has('notPersonBefore', h.start - 24, h.start))
    )
      return 'drop';
    if (family !== 'underage' && family !== 'childGeneric') {
      if (has('role', Math.max(sentence, h.start - 50), h.start) || has('roleAfter', h.end, h.end + 32))
        return 'drop';
    }
    if (family !== 'age' && family !== 'underage' && ADULT_MARK.test(text.slice(h.end, h.end + 24)))
      return 'drop';
    if (
      (family === 'teen' || family === 'school' || family === 'schoolPlace') &&
      HIGH_SCHOOL_OR_TEEN.test(text.slice(h.start, h.end))
    ) {
      const qualified = adultAges.some(
        (a) => a.end <= h.start && h.start - a.end <= 24 && !JOINS.test(text.slice(a.end, h.start)),
      );
      if (qualified) return 'drop';
    }
    if (
      has('past', Math.max(sentence, h.start - 60), h.end) ||
      has('pastNear', h.start - 14, h.start) ||
      has('pastAfter', h.end, h.end + 16)
    )
      return 'past';
    // "I'm your 11 year old niece" casts the writer as the relative: a participant.
    const cast = PLAYS_RELATIVE.test(text.slice(Math.max(sentence, h.start - 24), h.start));
    if (
      !cast &&
      (has('kinship', Math.max(sentence, h.start - 40), h.start) || has('kinshipAfter', h.end, h.end + 20))
    )
      return 'kin';
    if (family === 'schoolPlace' || family === 'childGeneric') return 'mention';
    return 'participant';
  }

  private result(
    verdict: ModerationResult['verdict'],
    categories: ModerationCategory[],
    match?: string,
  ): ModerationResult {
    return {
      verdict,
      categories,
      score: categories.length ? 1 : 0,
      engine: this.id,
      ...(match ? { match } : {}),
    };
  }
}

function isMinorAge(h: Hit): boolean {
  return h.values.length === 0 || Math.min(...h.values) < 18;
}

/** Whether two hits are in the same sentence (or clause), at most 160 characters apart. */
function sameSpan(text: string, a: Hit, b: Hit, ends: RegExp): boolean {
  const from = Math.min(a.end, b.end);
  const to = Math.max(a.start, b.start);
  if (to - from > 160) return false;
  if (to <= from) return true;
  return !ends.test(text.slice(from, to));
}

function sentenceStart(text: string, at: number): number {
  for (let i = at - 1; i >= 0 && i >= at - 400; i--) if (SENTENCE_END.test(text[i]!)) return i + 1;
  return Math.max(0, at - 400);
}

/** The phrase as the writer typed it (NFKC form). */
function cut(views: Views, h: Hit): string {
  const from = views.pos[h.start] ?? 0;
  const to = (views.pos[Math.max(h.start, h.end - 1)] ?? from) + 1;
  return views.base.slice(from, to).trim();
}
