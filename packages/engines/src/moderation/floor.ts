/**
 * The offline floor: rules that run in every configuration, before any backend.
 * PLACEHOLDER wrapping the old English list; replaced by the multilingual rules.
 */
import { findMinorSexualisation, isSexualText } from '@lumi/contract';
import type { ModerationContext, ModerationEngine, ModerationInput, ModerationResult } from './types';

export class OfflineFloor implements ModerationEngine {
  readonly id = 'offline-floor';
  readonly accepts = ['text'] as const;

  /** The synchronous check, for text as it streams. */
  screen(text: string, context: Pick<ModerationContext, 'adult' | 'surface'>): ModerationResult {
    const match = findMinorSexualisation({ adult: context.adult, texts: [text] });
    if (match) return { verdict: 'refuse', categories: ['sexual/minors'], score: 1, engine: this.id, match };
    const sexual = isSexualText(text);
    return { verdict: 'allow', categories: sexual ? ['sexual'] : [], score: sexual ? 1 : 0, engine: this.id };
  }

  async check(input: ModerationInput, context: ModerationContext): Promise<ModerationResult> {
    if (input.kind !== 'text') throw new Error('the offline floor checks text only');
    return this.screen(input.text, context);
  }
}
