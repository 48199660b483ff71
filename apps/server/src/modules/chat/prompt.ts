import { replaceCardMacros, splitExamples, type ChatStyle } from '@lumi/contract';
import type { ChatMessage } from '@lumi/engines';
import { activateLore, type LoreEntry } from './lorebook';

/** What the prompt is built from: the character (absent in AI chat), persona, memory, turns. */
export interface PromptInput {
  character?: {
    name: string;
    description: string;
    personality: string;
    scenario: string;
    exampleDialogue: string;
    systemPrompt: string;
    postHistoryInstructions: string;
    chatStyle: ChatStyle;
    /** The card's lorebook (`character_book`), as the card carried it. */
    book?: unknown;
  };
  persona: { name: string; description: string };
  memory: string;
  /** Oldest first; the last one is what the reply answers (or continues). */
  turns: { id: number; role: 'user' | 'assistant'; content: string }[];
  /**
   * A group chat: the other characters (the reply is `character`'s), and per turn the name of
   * the other character who wrote it (undefined for the user's turns and the character's own).
   */
  group?: { others: { name: string; description: string }[]; speakers: (string | undefined)[] };
  /** Tokens the prompt may use: the profile's context minus its reply budget. */
  budgetTokens: number;
  countTokens: (text: string) => number;
}

export interface BuiltPrompt {
  messages: ChatMessage[];
  /** Turns that did not fit, oldest first: what the memory should now summarise. */
  dropped: PromptInput['turns'];
  /** The lorebook entries the prompt carries, by label, in prompt order. */
  lore: string[];
}

/** The share of the prompt's budget a lorebook may take when it sets none (SillyTavern's 25 %). */
export const LORE_BUDGET_SHARE = 0.25;

export const DEFAULT_USER_NAME = 'User';

/**
 * What the chat template adds around each message: Llama 3 wraps one in
 * `<|start_header_id|>role<|end_header_id|>\n\n … <|eot_id|>`, five tokens.
 */
export const MESSAGE_TOKENS = 5;

const STYLE: Record<ChatStyle, string> = {
  story:
    "Write {{char}}'s next reply as a story: vivid narration of actions and surroundings in *asterisks*, with {{char}}'s spoken lines in quotes. Write only for {{char}}; never speak or act for {{user}}.",
  dialogue:
    "Write {{char}}'s next reply as natural conversation: mostly what {{char}} says, short and in character, with an occasional brief *action*. Never speak for {{user}}.",
};

const AI_CHAT_SYSTEM =
  'You are a friendly, helpful AI assistant in a web chat. Answer clearly and concisely, in the language the user writes in.';

/**
 * The prompt of one reply (issue 4): a system prompt from the character (its card's own system
 * prompt, where {{original}} stands for ours), the persona, the memory and the example
 * dialogue; then as many recent turns as the budget allows, oldest dropped first; then the
 * card's post-history instructions. {{char}} and {{user}} are replaced everywhere.
 */
export function buildPrompt(input: PromptInput): BuiltPrompt {
  const c = input.character;
  const user = input.persona.name.trim() || DEFAULT_USER_NAME;
  const names = { char: c?.name ?? 'Assistant', user };
  const fill = (text: string) => replaceCardMacros(text, names);
  // Each turn as the model reads it: scanned by the lorebook and sent as it is. In a group,
  // another character's reply starts with its name.
  const contents = input.turns.map((t, i) => {
    const by = input.group?.speakers[i];
    return fill(by ? `${by}: ${t.content}` : t.content);
  });
  const lore = activateLore(c?.book, {
    messages: contents,
    defaultBudgetTokens: Math.floor(input.budgetTokens * LORE_BUDGET_SHARE),
    countTokens: input.countTokens,
  });

  const parts: string[] = [];
  if (c) {
    const original = [
      `You are {{char}} in a fictional role-play chat with {{user}}. Stay in character.`,
      STYLE[c.chatStyle],
      'Reply in the language {{user}} writes in.',
    ].join(' ');
    parts.push(c.systemPrompt.trim() ? c.systemPrompt.replace(/\{\{original\}\}/gi, original) : original);
    if (lore.before.length) parts.push(loreBlock(lore.before));
    if (c.description.trim()) parts.push(`About {{char}}:\n${c.description.trim()}`);
    if (c.personality.trim()) parts.push(`{{char}}'s personality:\n${c.personality.trim()}`);
    if (c.scenario.trim()) parts.push(`Scenario:\n${c.scenario.trim()}`);
    if (lore.after.length) parts.push(loreBlock(lore.after));
    if (input.group?.others.length) parts.push(groupBlock(input.group.others));
  } else {
    parts.push(AI_CHAT_SYSTEM);
  }
  if (input.persona.description.trim()) parts.push(`About {{user}}:\n${input.persona.description.trim()}`);
  if (input.memory.trim()) parts.push(`What happened earlier in this chat:\n${input.memory.trim()}`);
  if (c) {
    const examples = splitExamples(c.exampleDialogue);
    if (examples.length) {
      parts.push(
        `Examples of how {{char}} talks:\n${examples.map((e) => `<example>\n${e}\n</example>`).join('\n')}`,
      );
    }
  }
  const system: ChatMessage = { role: 'system', content: fill(parts.join('\n\n')) };
  const post = c?.postHistoryInstructions.trim()
    ? ({
        role: 'system',
        content: fill(c.postHistoryInstructions.replace(/\{\{original\}\}/gi, '')),
      } as const)
    : undefined;

  let left =
    input.budgetTokens -
    input.countTokens(system.content) -
    MESSAGE_TOKENS -
    (post ? input.countTokens(post.content) + MESSAGE_TOKENS : 0);
  const kept: ChatMessage[] = [];
  let firstKept = input.turns.length;
  for (let i = input.turns.length - 1; i >= 0; i--) {
    const turn = input.turns[i];
    const content = contents[i];
    if (!turn || content === undefined) continue;
    const cost = input.countTokens(content) + MESSAGE_TOKENS;
    // The newest turn always goes in, even if it alone is over budget.
    if (cost > left && kept.length > 0) break;
    left -= cost;
    kept.unshift({ role: turn.role, content });
    firstKept = i;
  }
  return {
    messages: [system, ...kept, ...(post ? [post] : [])],
    dropped: input.turns.slice(0, firstKept),
    lore: [...lore.before, ...lore.after].map((e) => e.label),
  };
}

/** How many characters of another group member's description the prompt carries. */
export const GROUP_MEMBER_CHARS = 400;

/** A group chat: who else is in the scene, and that the reply is {{char}}'s alone. */
function groupBlock(others: { name: string; description: string }[]): string {
  const short = (text: string) =>
    text.length > GROUP_MEMBER_CHARS ? `${text.slice(0, GROUP_MEMBER_CHARS - 1).trimEnd()}…` : text;
  return [
    `This is a group chat. Also in the scene with {{user}} and {{char}}: ${others.map((o) => o.name).join(', ')}.`,
    ...others
      .filter((o) => o.description.trim())
      .map((o) => `About ${o.name}:\n${short(o.description.trim())}`),
    `Their replies start with their names. Write only {{char}}'s next reply, without a name in front; never speak or act for the others or for {{user}}.`,
  ].join('\n');
}

/** Lorebook entries as the prompt states them: what is true in this story. */
const loreBlock = (entries: LoreEntry[]) => `World and lore:\n${entries.map((e) => e.content).join('\n')}`;
