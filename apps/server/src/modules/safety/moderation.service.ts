import { ErrorCode, type MessageKey } from '@lumi/contract';
import {
  ALLOWED,
  OfflineFloor,
  worse,
  type ModerationContext,
  type ModerationEngine,
  type ModerationResult,
} from '@lumi/engines';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { moderationEvents } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import type { AppMetrics } from '../../lib/metrics';

export interface ModerationDeps {
  db: Db;
  /** The offline floor: always asked first, in every configuration. */
  floor?: Floor;
  /** Measuring only (MODERATION_FLOOR=off, refused in production): no floor. */
  floorOff?: boolean;
  /** Backends asked after the floor (OpenAI-compatible moderation, Llama Guard). */
  text?: readonly ModerationEngine[];
  /** The image classifier (nsfwjs), if any. */
  image?: ModerationEngine;
  log?: FastifyBaseLogger;
  /** Counts refusals by surface and category (lumi_moderation_refusals_total). */
  metrics?: Pick<AppMetrics, 'moderationRefusals'>;
}

/** What the chat's reply guard needs of the floor. */
export type Floor = { readonly id: string; screen: OfflineFloor['screen'] };

const NO_FLOOR: Floor = { id: 'floor-off', screen: () => ALLOWED('floor-off') };

/**
 * A line in each language with each kind of signal the floor looks for (an age, nudity, intent
 * of self-harm), so that every rule it compiles lazily is compiled at start.
 */
const WARM_UP = [
  "I'm 14, undress me, I want to die",
  "je veux mourir, j'ai 14 ans, nue",
  '我想死 十四岁 裸体',
  'хочу умереть мне 14 лет голая',
  'tôi muốn chết tôi 14 tuổi cởi đồ',
  'أريد أن أنتحر عمري 14 عارية',
  '死にたい 14歳 裸',
  '죽고 싶어 14살 벗어',
  'quiero morir tengo 14 años desnuda',
  'quero morrer tenho 14 anos nua',
  'aku ingin mati umurku 14 telanjang',
];

type Context = Omit<ModerationContext, 'signal'> & { signal?: AbortSignal | undefined };

/**
 * Moderation where content enters or leaves (issue 18): the offline floor first (its refusal
 * stands whatever a backend says), then each configured backend. A backend that fails leaves the
 * floor's verdict and is logged: the site keeps working when a moderation server is down.
 * Refusals and crisis notices are recorded without the text, for the operator's counts.
 */
export class ModerationService {
  readonly floor: Floor;
  private readonly text: readonly ModerationEngine[];

  constructor(private readonly deps: ModerationDeps) {
    this.floor = deps.floorOff ? NO_FLOOR : (deps.floor ?? new OfflineFloor());
    this.text = deps.text ?? [];
  }

  /** Compiles the floor's rules of every script now (they compile on first use otherwise). */
  warmUp(): void {
    for (const text of WARM_UP) {
      this.floor.screen(text, { surface: 'chat', adult: false });
      this.floor.screen(text, { surface: 'image_prompt', adult: true });
    }
  }

  /** Engines in use, for the operator (admin stats). */
  get engines(): string[] {
    return [this.floor.id, ...this.text.map((e) => e.id), ...(this.deps.image ? [this.deps.image.id] : [])];
  }

  /** Checks texts (joined) with the floor and every backend; records what it acts on. */
  async checkText(
    texts: string | readonly (string | null | undefined)[],
    context: Context,
    userId?: string | null,
  ) {
    const text = (typeof texts === 'string' ? [texts] : texts)
      .filter((t): t is string => !!t?.trim())
      .join('\n');
    if (!text) return ALLOWED(this.floor.id);
    let result = this.floor.screen(text, context);
    if (result.verdict !== 'refuse') {
      for (const engine of this.text) {
        try {
          const { signal, ...rest } = context;
          result = worse(
            result,
            await engine.check({ kind: 'text', text }, { ...rest, ...(signal ? { signal } : {}) }),
          );
        } catch (err) {
          this.deps.log?.warn(
            { err, engine: engine.id },
            'moderation backend failed; the offline floor decides',
          );
        }
        if (result.verdict === 'refuse') break;
      }
    }
    // A character who says "I want to die" in a story is not a user in crisis: only what people
    // write asks for the crisis line (a reply with self-harm instructions is refused above).
    if (context.surface === 'reply' && result.verdict === 'crisis') result = { ...result, verdict: 'allow' };
    await this.record(result, context.surface, userId);
    return result;
  }

  /**
   * Checks texts and throws the envelope's 100009 when refused; answers the result otherwise
   * (a `crisis` verdict is for the caller to act on).
   */
  async requireText(
    texts: string | readonly (string | null | undefined)[],
    context: Context,
    userId?: string | null,
    message: MessageKey = 'content_refused',
  ): Promise<ModerationResult> {
    const result = await this.checkText(texts, context, userId);
    if (result.verdict === 'refuse') throw refusal(result, message);
    return result;
  }

  /** Checks a picture; without a classifier everything is allowed. */
  async checkImage(image: Uint8Array, context: Context, userId?: string | null): Promise<ModerationResult> {
    const engine = this.deps.image;
    if (!engine) return ALLOWED('none');
    try {
      const { signal, ...rest } = context;
      const result = await engine.check({ kind: 'image', image }, { ...rest, ...(signal ? { signal } : {}) });
      await this.record(result, context.surface, userId);
      return result;
    } catch (err) {
      this.deps.log?.warn({ err, engine: engine.id }, 'image moderation failed');
      return ALLOWED(engine.id);
    }
  }

  /** Records a decision that was acted on (never the text). */
  async record(result: ModerationResult, surface: string, userId?: string | null): Promise<void> {
    const picture = surface === 'image' || surface === 'upload';
    const verdict =
      result.verdict !== 'allow'
        ? result.verdict
        : picture && result.categories.includes('sexual')
          ? 'explicit'
          : null;
    if (!verdict) return;
    // Once per refusal, by its first category, so that the counts add up to the refusals.
    if (verdict === 'refuse') {
      this.deps.metrics?.moderationRefusals.inc({ surface, category: result.categories[0] ?? 'other' });
    }
    try {
      await this.deps.db.insert(moderationEvents).values({
        userId: userId ?? null,
        surface,
        verdict,
        categories: result.categories,
        engine: result.engine,
      });
    } catch (err) {
      this.deps.log?.warn({ err }, 'moderation event not recorded');
    }
  }
}

/** The envelope's refusal for a result: the matched phrase when the floor found one. */
export function refusal(result: ModerationResult, message: MessageKey = 'content_refused'): BusinessError {
  return new BusinessError(ErrorCode.CONTENT_POLICY, message, {
    term: result.match ?? result.categories.join(', '),
  });
}
