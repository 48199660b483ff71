import sharp from 'sharp';
import { EngineError } from '../errors';
import { MODERATION_TIMEOUT_MS, apiBase, isRecord, postJson } from './http';
import {
  ALLOWED,
  decide,
  type ModerationCategory,
  type ModerationContext,
  type ModerationEngine,
  type ModerationInput,
  type ModerationResult,
} from './types';

export interface OpenAIModerationOptions {
  /** The server, with or without /v1: https://api.openai.com, http://127.0.0.1:8000/v1. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | undefined;
  /** e.g. `omni-moderation-latest`; unset lets the server pick its default. */
  model?: string | undefined;
  /** Send pictures too (omni-moderation reads them); otherwise this engine checks text only. */
  images?: boolean;
  timeoutMs?: number;
}

/**
 * OpenAI's category names, grouped into ours. A key is matched on its first part, so the
 * sub-categories (`violence/graphic`, `hate/threatening`, `illicit/violent`...) count too.
 */
const GROUPS: Record<string, ModerationCategory> = {
  'self-harm': 'self-harm',
  sexual: 'sexual',
  violence: 'violence',
  hate: 'hate',
  harassment: 'harassment',
  illicit: 'illicit',
};

function ourCategory(key: string): ModerationCategory | undefined {
  if (key === 'sexual/minors') return 'sexual/minors';
  return GROUPS[key.split('/')[0] ?? ''];
}

/** The longest side sent: enough for the classifier, small enough for a JSON body. */
const MAX_SIDE = 1024;

/** Any picture sharp reads, as a JPEG data URL the API accepts (PNG, JPEG, WEBP or GIF only). */
async function dataUrl(image: Uint8Array): Promise<string> {
  let jpeg: Buffer;
  try {
    jpeg = await sharp(image)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch (err) {
    throw new EngineError('rejected', 'moderations: not a picture', { cause: err });
  }
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * OpenAI-compatible `POST /v1/moderations` (OpenAI's omni-moderation and text-moderation, and
 * servers that copy its answer). Sexualised minors are refused; self-harm shows the crisis line
 * (and is refused when it is the model's own reply giving instructions); adult sexual content is
 * reported and left to the caller, except in a picture where adult content is off; violence,
 * hate, harassment and illicit content are reported for the operator's counts.
 */
export class OpenAIModerationEngine implements ModerationEngine {
  readonly id = 'openai-moderation';
  readonly accepts: readonly ModerationInput['kind'][];
  private readonly url: string;

  constructor(private readonly options: OpenAIModerationOptions) {
    this.accepts = options.images ? ['text', 'image'] : ['text'];
    this.url = `${apiBase(options.baseUrl)}/moderations`;
  }

  async check(input: ModerationInput, context: ModerationContext): Promise<ModerationResult> {
    if (!this.accepts.includes(input.kind)) {
      throw new EngineError('config', `moderations: this engine is not set to check ${input.kind}s`);
    }
    const body = {
      ...(this.options.model ? { model: this.options.model } : {}),
      input:
        input.kind === 'text'
          ? input.text
          : [{ type: 'image_url', image_url: { url: await dataUrl(input.image) } }],
    };
    const answer = await postJson(this.url, body, {
      apiKey: this.options.apiKey,
      timeoutMs: this.options.timeoutMs ?? MODERATION_TIMEOUT_MS,
      signal: context.signal,
      what: 'moderations',
    });
    return this.verdict(answer, input.kind, context);
  }

  private verdict(
    answer: unknown,
    kind: ModerationInput['kind'],
    context: ModerationContext,
  ): ModerationResult {
    const result =
      isRecord(answer) && Array.isArray(answer.results) ? (answer.results[0] as unknown) : undefined;
    if (!isRecord(result) || !isRecord(result.categories)) {
      throw new EngineError('protocol', 'moderations: the answer has no results[0].categories');
    }
    if (result.flagged !== undefined && typeof result.flagged !== 'boolean') {
      throw new EngineError('protocol', 'moderations: results[0].flagged is not a boolean');
    }
    const scores = isRecord(result.category_scores) ? result.category_scores : {};
    // Each of our categories that was flagged, with the highest score among its sub-categories.
    const found = new Map<ModerationCategory, number>();
    for (const [key, flagged] of Object.entries(result.categories)) {
      const category = ourCategory(key);
      if (!category || flagged !== true) continue;
      const score = typeof scores[key] === 'number' ? scores[key] : 1;
      found.set(category, Math.max(found.get(category) ?? 0, score));
    }
    if (found.size === 0) return ALLOWED(this.id);

    const byScore = [...found.keys()].sort((a, b) => (found.get(b) ?? 0) - (found.get(a) ?? 0));
    const decided = decide(byScore, {
      // A user writing about hurting themselves needs the crisis line; the model telling how is refused.
      refuseSelfHarm: context.surface === 'reply' && result.categories['self-harm/instructions'] === true,
      refuseSexual: kind === 'image' && !context.adult,
    });
    return { ...decided, score: found.get(decided.categories[0]!) ?? 1, engine: this.id };
  }
}
