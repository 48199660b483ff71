import { ErrorCode, type GroupMember } from '@lumi/contract';
import type { User } from '../../db/schema';
import { BusinessError, notFound } from '../../lib/errors';
import type { ChatCharacter } from '../characters/character-reads';
import type { CharactersService } from '../characters/characters.service';
import type { Turn } from './chat.repository';

/**
 * Group chats (issue 22): a conversation with two to four characters. Each reply comes from one
 * of them, with its own definition, lorebook and voice; who speaks is picked here.
 */

/**
 * The group's characters the caller may chat with, in turn order. A member that was deleted or
 * made private since drops out; an adult member without the caller's adult setting refuses the
 * whole group (as the chat with that character alone would), and a group with nobody left is
 * gone (not found).
 */
export async function castOf(
  characters: Pick<CharactersService, 'forChat'>,
  user: User,
  memberIds: readonly number[],
): Promise<ChatCharacter[]> {
  const found = await Promise.allSettled(memberIds.map((id) => characters.forChat(user, id)));
  const cast: ChatCharacter[] = [];
  for (const result of found) {
    if (result.status === 'fulfilled') cast.push(result.value);
    else if (result.reason instanceof BusinessError && result.reason.code === ErrorCode.NSFW_REQUIRED) {
      throw result.reason;
    }
  }
  if (!cast.length) throw notFound();
  return cast;
}

export const memberDto = (c: ChatCharacter): GroupMember => ({
  id: c.id,
  name: c.name,
  head: c.head,
  NSFW: c.NSFW,
});

/** Adult content is allowed in a group when one of its characters is adult (all were allowed to the caller). */
export const adultGroup = (cast: readonly ChatCharacter[]) => cast.some((c) => c.NSFW);

const LETTER = /[\p{L}\p{N}_]/u;

/** Where `name` first stands as a whole word in `text` (any case), or -1. */
function wordAt(text: string, name: string): number {
  const needle = name.trim().toLocaleLowerCase();
  if (!needle) return -1;
  const hay = text.toLocaleLowerCase();
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    // Scripts written without spaces (Chinese, Japanese) have no word edges to find.
    const spaced = !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(needle);
    if (!spaced || ((!before || !LETTER.test(before)) && (!after || !LETTER.test(after)))) return at;
  }
  return -1;
}

/** The member the text names first (by its name or the name's first word), leaving out `except`. */
export function calledOn<T extends { id: number; name: string }>(
  text: string,
  cast: readonly T[],
  except?: number | null,
): T | undefined {
  let best: { member: T; at: number } | undefined;
  for (const member of cast) {
    if (member.id === except) continue;
    const first = member.name.trim().split(/\s+/)[0] ?? '';
    const hits = [wordAt(text, member.name), first.length >= 3 ? wordAt(text, first) : -1].filter(
      (at) => at >= 0,
    );
    const at = hits.length ? Math.min(...hits) : -1;
    if (at >= 0 && (!best || at < best.at)) best = { member, at };
  }
  return best?.member;
}

/**
 * Whose turn it is: the character the user named (`named`, one of the cast, else 100001); for
 * a reworked reply, the one who wrote it; else the one the story calls on (the first member the
 * new message names, or for a nudge without one the first the last message names, other than
 * its writer); else the next in turn after the last to speak.
 */
export function pickSpeaker<T extends { id: number; name: string }>(
  cast: readonly T[],
  turns: readonly Turn[],
  ask: { named?: number | undefined; text?: string; reworked?: number | null | undefined },
): T {
  const first = cast[0];
  if (!first) throw notFound();
  if (ask.named !== undefined) {
    const named = cast.find((c) => c.id === ask.named);
    if (!named) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'speakerId' });
    return named;
  }
  if (ask.reworked !== undefined) return cast.find((c) => c.id === ask.reworked) ?? first;
  const last = turns.at(-1);
  const lastSpeaker = [...turns].reverse().find((t) => t.role === 'assistant' && t.speaker)?.speaker;
  const text = ask.text?.trim() ? ask.text : last?.content;
  const except = ask.text?.trim() ? undefined : last?.role === 'assistant' ? last.speaker : undefined;
  const called = text ? calledOn(text, cast, except) : undefined;
  if (called) return called;
  const at = cast.findIndex((c) => c.id === lastSpeaker);
  return cast[(at + 1) % cast.length] ?? first;
}
