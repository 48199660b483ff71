import type { Conversation } from '../../db/schema';
import type { ChatCharacter } from '../characters/character-reads';
import type { Turn } from './chat.repository';

/** The rest of what the last send of a conversation used, for starting the next one early. */
export interface HeldContext {
  conversation: Conversation;
  character: ChatCharacter | undefined;
}

interface Entry extends Partial<HeldContext> {
  revision: number;
  turns: Turn[];
  size: number;
}

/**
 * The newest turns of recently active conversations, each with the revision it was read or
 * written at. A send asks the database for the turns only when its revision differs from the
 * copy's (the revision moves on with every change to a message, whoever makes it), so a copy is
 * never used stale, with any number of processes. Least recently used copies go first once the
 * text held passes `maxChars`.
 */
export class TurnCache {
  private readonly entries = new Map<string, Entry>();
  private size = 0;

  constructor(private readonly maxChars: number) {}

  get(conversationId: string): Omit<Entry, 'size'> | undefined {
    const entry = this.entries.get(conversationId);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(conversationId);
    this.entries.set(conversationId, entry);
    return entry;
  }

  set(conversationId: string, revision: number, turns: Turn[], held?: HeldContext): void {
    this.delete(conversationId);
    const size =
      turns.reduce((sum, t) => sum + t.content.length, 0) +
      turns.length * 16 +
      (held ? held.conversation.memory.length + JSON.stringify(held.character ?? null).length : 0);
    if (size > this.maxChars) return;
    this.entries.set(conversationId, { revision, turns, size, ...held });
    this.size += size;
    for (const [id, entry] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(id);
      this.size -= entry.size;
    }
  }

  delete(conversationId: string): void {
    const entry = this.entries.get(conversationId);
    if (!entry) return;
    this.entries.delete(conversationId);
    this.size -= entry.size;
  }

  /**
   * A change to the conversation row held with the turns (the memory a fold wrote): the next
   * early request is built from it, so it matches the one the database gives.
   */
  patchConversation(conversationId: string, patch: Partial<Conversation>): void {
    const entry = this.entries.get(conversationId);
    if (entry?.conversation) entry.conversation = { ...entry.conversation, ...patch };
  }

  /** Text held, for tests. */
  get chars(): number {
    return this.size;
  }
}
