import { CHAT_LIMITS } from '@lumi/contract';
import { summarize, summaryMessages, summaryReplyTokens, type ChatEngine } from '@lumi/engines';
import type { Db } from '../../db/client';
import type { Conversation } from '../../db/schema';
import * as repo from './chat.repository';

/** The turn a send adds before it is stored: never folded (it is in the prompt). */
export const NEW_TURN_ID = Number.MAX_SAFE_INTEGER;

/** Messages one fold reads at most (more than fit one request): the rest waits for the next. */
const FOLD_READ = 400;

export interface FoldDeps {
  db: Db;
  engine: ChatEngine;
  countTokens: (text: string) => number;
  /** The time limit of one summary. */
  timeoutMs: number;
  warn: (err: unknown, message: string) => void;
  /** A fold's memory was written (for what this process holds of the conversation). */
  saved?: (
    conversationId: string,
    memory: { memory: string; memoryUpto: number; memoryAuto: boolean },
  ) => void;
}

/** One fold: the conversation as the reply read it, the turns its prompt read and kept, who speaks. */
export interface FoldInput {
  conversation: Conversation;
  /** The turns the prompt was built from (the newest of the history), oldest first. */
  turns: repo.Turn[];
  /** How many of them, the oldest, did not fit. */
  dropped: number;
  /** Whether `turns` is as many as a prompt reads: older messages may not have been read. */
  windowFull: boolean;
  names: { char: string; user: string };
  /** The backend model and the context it has (the conversation's profile). */
  model: string;
  contextTokens: number;
}

/**
 * The rolling memory (issue 21, item 3): after a reply, the messages before the first turn its
 * prompt kept are folded into the conversation's memory by the chat engine, in the background
 * (the reply has been sent). A fold reads the oldest messages not yet folded from the history
 * and takes as many as fit the model's context with the memory; what is left waits for the
 * next reply. Nothing is skipped: not the turns that fell out of the prompt, nor a long
 * history's messages older than what a prompt reads (a branch's, an imported chat's). The memory is written only if nobody
 * changed it meanwhile (the user editing it, another process folding), so nothing is lost or
 * folded twice; a failed fold is tried again on the next reply.
 */
export class MemoryFolder {
  /** Folds running in this process, by conversation: one at a time each. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: FoldDeps) {}

  fold(input: FoldInput): void {
    const { conversation, turns } = input;
    if (this.running.has(conversation.id)) return;
    // Everything before the first turn the prompt kept belongs in the memory: the turns that
    // did not fit, and the messages before the turns read, if there may be any.
    const kept = turns[input.dropped];
    const first = turns[0];
    if (!kept || !first) return;
    const pending =
      turns.slice(0, input.dropped).some((t) => t.id > conversation.memoryUpto) ||
      (input.windowFull && first.id > conversation.memoryUpto);
    if (!pending) return;
    const run = this.run(input, kept.id)
      .catch((err: unknown) => this.deps.warn(err, 'memory fold failed'))
      .finally(() => this.running.delete(conversation.id));
    this.running.set(conversation.id, run);
  }

  /** Every fold under way has ended (tests; closing the server). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  /** Folds the oldest messages not in the memory yet, before the place `before`, that fit one request. */
  private async run(input: FoldInput, before: number): Promise<void> {
    const { conversation, names } = input;
    const fresh = await repo.historyTurns(
      this.deps.db,
      conversation.id,
      conversation.memoryUpto,
      before,
      FOLD_READ,
    );
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
    const written = await repo.saveFoldedMemory(
      this.deps.db,
      conversation.id,
      { memory: conversation.memory, memoryUpto: conversation.memoryUpto },
      { memory, memoryUpto: last.id },
    );
    if (written) this.deps.saved?.(conversation.id, { memory, memoryUpto: last.id, memoryAuto: true });
  }
}
