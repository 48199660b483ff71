/**
 * The one interface every moderation engine implements (issue 18): the offline floor (always on),
 * an OpenAI-compatible `/v1/moderations` backend, a Llama Guard style backend on a chat server,
 * and the offline NSFW image classifier. The server asks a chain of them and acts on the worst
 * verdict; it never needs to know which engine answered.
 */
import type { Locale } from '@lumi/contract';

/**
 * What an engine found. `sexual/minors` is refused everywhere; `self-harm` (intent or
 * instructions) shows the crisis notice; `sexual` is adult content (allowed only where adult
 * content is on); the rest are reported for the operator's counts.
 */
export type ModerationCategory =
  'sexual/minors' | 'self-harm' | 'sexual' | 'violence' | 'hate' | 'harassment' | 'illicit';

/**
 * - `allow`: nothing to act on (categories may still say e.g. `sexual` for adult content);
 * - `crisis`: allowed, but the writer may be in danger (self-harm intent): show the crisis line;
 * - `refuse`: never allowed (sexualised minors; for images, explicit content where adult is off).
 */
export type ModerationVerdict = 'allow' | 'crisis' | 'refuse';

export interface ModerationResult {
  verdict: ModerationVerdict;
  categories: ModerationCategory[];
  /** Confidence of the worst category, 0..1 (1 for a rule that matched). */
  score: number;
  /** The engine that decided. */
  engine: string;
  /** For the offline floor: the phrase that matched (shown to the writer so they can fix it). */
  match?: string;
}

export type ModerationInput = { kind: 'text'; text: string } | { kind: 'image'; image: Uint8Array };

/** Where the content is and who wrote it: the same words mean different things in each. */
export interface ModerationContext {
  /**
   * chat (a user's message), reply (the model's), persona, memory, character (fields and cards),
   * image_prompt (with builder choices), voice_script, image (generated), upload (a photo).
   */
  surface:
    | 'chat'
    | 'reply'
    | 'persona'
    | 'memory'
    | 'character'
    | 'image_prompt'
    | 'voice_script'
    | 'image'
    | 'upload';
  /** Adult content is allowed here (an NSFW character, an adult prompt by a user with it on). */
  adult: boolean;
  /** The writer's interface language, a hint only: every engine checks every language. */
  locale?: Locale;
  /** For a reply: the user's message it answers (Llama Guard judges the pair). */
  prompt?: string;
  signal?: AbortSignal;
}

export interface ModerationEngine {
  readonly id: string;
  /** What it can check. */
  readonly accepts: readonly ModerationInput['kind'][];
  /** Failures are thrown as EngineError (the chain keeps the floor's verdict and logs them). */
  check(input: ModerationInput, context: ModerationContext): Promise<ModerationResult>;
}

const ORDER: Record<ModerationVerdict, number> = { allow: 0, crisis: 1, refuse: 2 };

/** The worse of two results; categories are merged. */
export function worse(a: ModerationResult, b: ModerationResult): ModerationResult {
  const [hi, lo] = ORDER[b.verdict] > ORDER[a.verdict] ? [b, a] : [a, b];
  const categories = [...new Set([...hi.categories, ...lo.categories])];
  return { ...hi, categories };
}

export const ALLOWED = (engine: string): ModerationResult => ({
  verdict: 'allow',
  categories: [],
  score: 0,
  engine,
});

/**
 * What the site does with what a backend flagged (`ranked`, the likeliest first): sexualised
 * minors are refused everywhere; self-harm shows the crisis line, or is refused where
 * `refuseSelfHarm` (the model's own reply giving it); sexual content is refused where
 * `refuseSexual` (a picture where adult content is off); the rest is allowed and reported for the
 * operator's counts. The category the verdict comes from leads the list.
 */
export function decide(
  ranked: readonly ModerationCategory[],
  rules: { refuseSelfHarm: boolean; refuseSexual?: boolean },
): Pick<ModerationResult, 'verdict' | 'categories'> {
  const from = (worst: ModerationCategory, verdict: ModerationVerdict) => ({
    verdict,
    categories: [worst, ...ranked.filter((c) => c !== worst)],
  });
  if (ranked.includes('sexual/minors')) return from('sexual/minors', 'refuse');
  if (ranked.includes('self-harm')) return from('self-harm', rules.refuseSelfHarm ? 'refuse' : 'crisis');
  if (rules.refuseSexual && ranked.includes('sexual')) return from('sexual', 'refuse');
  return { verdict: 'allow', categories: [...ranked] };
}
