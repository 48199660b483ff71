/** Whose conversation: a character's (the latest one, opened with its greeting) or a known one. */
export type ChatWhere = { characterId: number } | { conversationId: string };

/** The query that names the conversation. */
export const whereQuery = (w: ChatWhere) =>
  'characterId' in w ? { characterId: w.characterId } : { conversationId: w.conversationId };
