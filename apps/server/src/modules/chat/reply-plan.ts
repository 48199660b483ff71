import { ErrorCode, modelProfile, type ChatSendBody, type ModelProfileId } from '@lumi/contract';
import type { ChatRequest } from '@lumi/engines';
import type { ChatMessageRow, Conversation, User } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import type { ChatCharacter } from '../characters/character-reads';
import type * as repo from './chat.repository';
import { nsfwRequired, type ChatDeps } from './chat-conversations';
import { NEW_TURN_ID } from './memory-fold';
import { buildPrompt, DEFAULT_USER_NAME } from './prompt';

/**
 * The request for the engine from what a send has read, with the checks that refuse it. The
 * request is plain data: two plans from the same data make equal requests.
 */
export function planReply(
  deps: Pick<ChatDeps, 'profiles' | 'backendModel' | 'countTokens' | 'replyTimeoutMs'>,
  user: User,
  body: ChatSendBody,
  conversation: Conversation,
  character: ChatCharacter | undefined,
  all: repo.Turn[],
  target: ChatMessageRow | undefined,
  /** A group chat's characters; `character` is the one whose turn it is. */
  cast: readonly ChatCharacter[],
) {
  const model = body.model ?? (conversation.model as ModelProfileId);
  const profile = modelProfile(model);
  if (!profile) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'model' });
  if (profile.adult && !user.enableNsfw) throw nsfwRequired();
  const content = body.content?.trim() ?? '';
  const setting = deps.profiles[profile.id as ModelProfileId];
  // The turns end with the reworked message: regenerate answers what came before it,
  // continue extends it.
  const turns = body.regenerate !== undefined ? all.slice(0, -1) : [...all];
  // The new message takes part in the prompt before it is stored (its id comes after all).
  if (content) turns.push({ id: NEW_TURN_ID, role: 'user', content });
  const persona = { name: conversation.personaName, description: conversation.personaDescription };
  const names = new Map(cast.map((c) => [c.id, c.name]));
  const group = cast.length
    ? {
        others: cast
          .filter((c) => c.id !== character?.id)
          .map((c) => ({ name: c.name, description: c.desc })),
        speakers: turns.map((t) =>
          t.role === 'assistant' && t.speaker && t.speaker !== character?.id
            ? names.get(t.speaker)
            : undefined,
        ),
      }
    : undefined;
  const userName = persona.name.trim() || DEFAULT_USER_NAME;
  const prompt = buildPrompt({
    ...(character
      ? {
          character: {
            name: character.name,
            description: character.desc,
            personality: character.personality,
            scenario: character.scenario,
            exampleDialogue: character.example_dialogue,
            systemPrompt: character.system_prompt,
            postHistoryInstructions: character.post_history_instructions,
            chatStyle: character.chat_style,
            book: character.book,
          },
        }
      : {}),
    persona,
    memory: conversation.memory,
    turns,
    ...(group ? { group } : {}),
    budgetTokens: setting.contextTokens - setting.maxTokens,
    countTokens: deps.countTokens,
  });
  const request: Omit<ChatRequest, 'signal'> = {
    model: deps.backendModel(profile.id as ModelProfileId),
    messages: prompt.messages,
    sampling: { ...setting.sampling, maxTokens: setting.maxTokens },
    timeoutMs: deps.replyTimeoutMs,
    // A regenerated reply samples afresh: each swipe its own seed.
    ...(target && body.regenerate !== undefined ? { seed: target.swipes.length } : {}),
    ...(character
      ? {
          demo: {
            charName: character.name,
            userName,
            description: character.desc,
            personality: character.personality,
            scenario: character.scenario,
            exampleDialogue: character.example_dialogue,
            chatStyle: character.chat_style,
          },
        }
      : {}),
  };
  return {
    model: profile.id as ModelProfileId,
    content,
    userName,
    /** What the memory fold runs on: the backend model and its context. */
    fold: { model: request.model, contextTokens: setting.contextTokens },
    /** The turns the prompt was built from; the oldest `dropped` of them did not fit. */
    turns,
    dropped: prompt.dropped,
    lore: prompt.lore,
    request,
  };
}
