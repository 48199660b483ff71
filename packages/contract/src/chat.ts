/** Chat limits the page and the server share (no schemas here: pages import these without zod). */
export const CHAT_LIMITS = {
  /** Longest user message, in characters. */
  message: 4000,
  memory: 4000,
  personaName: 40,
  personaDescription: 500,
  pageSize: 30,
  /** Alternatives kept per assistant message (swipes). */
  swipes: 20,
  /** Conversations the branch tree lists (the most recently opened). */
  branches: 100,
  /** Text of a message the branch tree shows. */
  branchPreview: 140,
  /** Characters of a group chat: the user picks two to four. */
  groupMin: 2,
  groupMax: 4,
  /** Group chats the list answers (the most recently opened). */
  groups: 50,
} as const;
