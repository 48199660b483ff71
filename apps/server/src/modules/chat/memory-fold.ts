import { CHAT_LIMITS } from '@lumi/contract';
import { summarize, summaryMessages, summaryReplyTokens, type ChatEngine } from '@lumi/engines';
import type { Db } from '../../db/client';
import type { Conversation } from '../../db/schema';
import * as repo from './chat.repository';

/** The turn a send adds before it is stored: never folded (it is in the prompt). */
export const NEW_TURN_ID = Number.MAX_SAFE_INTEGER;

export interface FoldDeps {
  db: Db;
  engine: ChatEngine;
  countTokens: (text: string) => number;
  /** The time limit of one summary. */
  timeoutMs: number;
  warn: (err: unknown, message: string) => void;
}

/** One fold: the conversation as the reply read it, the turns its prompt left out, who speaks. */
export interface FoldInput {
  conversation: Conversation;
  dropped: repo.Turn[];
  names: { char: string; user: string };
  /** The backend model and the context it has (the conversation's profile). */
  model: string;
  contextTokens: number;
}

/**
 * The rolling memory (issue 21, item 3): after a reply, the turns that fell out of the prompt
 * are folded into the conversation's memory by the chat engine, in the background (the reply
 * has been sent). A fold takes the oldest turns not yet folded that fit the model's context
 * with the memory; what is left waits for the next reply. The memory is written only if nobody
 * changed it meanwhile (the user editing it, another process folding), so nothing is lost or
 * folded twice; a failed fold is tried again on the next reply.
 */
export class MemoryFolder {
  /** Folds running in this process, by conversation: one at a time each. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: FoldDeps) {}

  fold(input: FoldInput): void {
    const { conversation } = input;
    if (this.running.has(conversation.id)) return;
    const fresh = input.dropped.filter((t) => t.id > conversation.memoryUpto && t.id !== NEW_TURN_ID);
    if (!fresh.length) return;
    const run = this.run(input, fresh)
      .catch((err: unknown) => this.deps.warn(err, 'memory fold failed'))
      .finally(() => this.running.delete(conversation.id));
    this.running.set(conversation.id, run);
  }

  /** Every fold under way has ended (tests; closing the server). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  private async run(input: FoldInput, fresh: repo.Turn[]): Promise<void> {
    const { conversation, names } = input;
    const maxChars = CHAT_LIMITS.memory;
    const ask = { model: input.model, memory: conversation.memory, names, maxChars };
    // The prompt without turns, the reply's room, and a margin for the model's template.
    let left =
      input.contextTokens -
      summaryReplyTokens(maxChars) -
      this.deps.countTokens(
        summaryMessages({ ...ask, turns: [] })
          .map((m) => m.content)
          .join('\n'),
      ) -
      64;
    const batch: repo.Turn[] = [];
    for (const turn of fresh) {
      const cost = this.deps.countTokens(turn.content) + 8;
      if (cost > left && batch.length) break;
      left -= cost;
      batch.push(turn);
    }
    const last = batch.at(-1);
    if (!last) return;
    const memory = await summarize(this.deps.engine, {
      ...ask,
      turns: batch,
      timeoutMs: this.deps.timeoutMs,
    });
    if (!memory.trim()) return;
    await repo.saveFoldedMemory(
      this.deps.db,
      conversation.id,
      { memory: conversation.memory, memoryUpto: conversation.memoryUpto },
      { memory, memoryUpto: last.id },
    );
  }
}
