import {
  appearanceFromDescription,
  type BasedOn,
  type CharacterDetail,
  type CharacterSummary,
} from '@lumi/contract';
import type { Character, User } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { SummaryRow } from './characters.repository';

/** What the creator sees in place of a hidden name (spec §3). */
export const HIDDEN_CREATOR = 'for you';

/** The creator's name as shown: hidden ones (a hidden profile) under HIDDEN_CREATOR. */
export const creatorOf = (row: { creatorName: string }): string => row.creatorName.trim() || HIDDEN_CREATOR;

/** A character as lists show it to this viewer. */
export function summaryOf(
  row: SummaryRow,
  user: User,
  isAdmin: boolean,
  storage: FileStorage,
): CharacterSummary {
  const c = row.c;
  const tags = c.tagLine ? c.tagLine.split(',').map((t) => t.trim()) : [];
  const veiled = c.nsfw && !user.enableNsfw;
  return {
    id: c.id,
    name: c.name,
    head: storage.url(c.headKey),
    listHead: storage.url(c.listHeadKey),
    // An adult character's description is for viewers with adult content on (and admins, who
    // review it); the others see its blurred picture and name, and are asked to turn it on.
    desc: veiled && !isAdmin ? '' : c.description,
    tag: tags.join(','),
    tags,
    gender: c.gender,
    category: c.category,
    NSFW: c.nsfw,
    creator: creatorOf(row),
    create_time: c.createdAt.getTime(),
    comment_num: c.commentNum,
    rating: Math.round(c.ratingAvg * 10) / 10,
    rating_count: c.ratingCount,
    need_enable_nsfw: veiled,
    is_collected: row.isCollected,
    is_owner: c.ownerId === user.id,
    visibility: c.visibility,
    approval: c.approval,
  };
}

/** A character's page: its summary, the fields the chat and the edit form use, its credits. */
export function detailOf(
  summary: CharacterSummary,
  c: Character,
  myRating: number | null,
  basedOn: BasedOn[],
  storage: FileStorage,
): CharacterDetail {
  return {
    ...summary,
    personality: c.personality,
    first_message: c.firstMessage,
    alternate_greetings: c.alternateGreetings,
    scenario: c.scenario,
    example_dialogue: c.exampleDialogue,
    system_prompt: c.systemPrompt,
    post_history_instructions: c.postHistoryInstructions,
    creator_notes: c.creatorNotes,
    chat_style: c.chatStyle,
    model: c.model,
    my_rating: myRating,
    cloned_from: c.clonedFrom,
    based_on: basedOn,
    voice_id: c.voiceId,
    appearance: c.appearance,
    look: lookOf(c),
    reference_image: c.referenceKey ? storage.url(c.referenceKey) : null,
  };
}

/**
 * The look a character's pictures are drawn from (issue 22): its appearance as written, else the
 * sentences of its description that describe looks (decisions.md: an extractive rule).
 */
export function lookOf(c: Pick<Character, 'appearance' | 'description'>): string {
  return c.appearance.trim() || appearanceFromDescription(c.description);
}
