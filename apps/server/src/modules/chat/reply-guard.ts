import type { ModerationResult } from '@lumi/engines';
import type { Floor } from '../safety/moderation.service';

/**
 * What the floor reads at each piece: the newest text with enough before it for its context (a
 * few sentences). The whole reply is read again at the end.
 */
const WINDOW_CHARS = 600;

/**
 * Watches a reply as it streams (issue 18): text reaches the reader only after the offline floor
 * has read it, with what came just before it. A reply that turns unsafe is stopped before its
 * unsafe words are shown. The whole reply is checked again at the end (floor and backends).
 */
export class ReplyGuard {
  private text = '';

  constructor(
    private readonly floor: Floor,
    private readonly adult: boolean,
  ) {}

  /** The whole reply so far. */
  get all(): string {
    return this.text;
  }

  /** Adds a piece of the reply: answers the text that may be shown now, or the refusal. */
  push(piece: string): { show: string } | { refused: ModerationResult } {
    this.text += piece;
    const tail = this.text.slice(Math.max(0, this.text.length - WINDOW_CHARS));
    const result = this.floor.screen(tail, { surface: 'reply', adult: this.adult });
    return result.verdict === 'refuse' ? { refused: result } : { show: piece };
  }
}
