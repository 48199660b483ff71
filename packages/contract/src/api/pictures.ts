import { z } from 'zod';
import * as API from './routes/pictures';
import { endpoint } from './endpoint';
import { JOB_STATES, jobImageSchema, sharedImageSchema } from './images';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const id = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const uuid = z.preprocess(blankToUndefined, z.uuid());

/**
 * POST character_msg/picture: "Send me a picture" in a character chat. `after` is the message
 * (an id the page shows) the picture follows; without it, the conversation's newest message.
 */
export const chatPictureBodySchema = z.strictObject({ conversationId: uuid, after: id.optional() });
export const chatPicturesQuerySchema = z.strictObject({ conversationId: uuid });
export const chatPictureShareBodySchema = z.strictObject({ id: uuid });
export const characterPicturesQuerySchema = z.strictObject({
  id,
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(500).default(1)),
});

/** A picture asked for in a chat, where the conversation shows it. */
export const chatPictureSchema = z.object({
  id: z.string(),
  /** The conversation it was asked in (a branch shows its parent's up to where it branched). */
  conversation_id: z.string(),
  /** The place of the message it follows (that message's `seq`). */
  seq: z.number().int(),
  /** Its image job: `aigc/status?id=` tells where it is. */
  job_id: z.string(),
  state: z.enum(JOB_STATES),
  /** The scene line the chat engine summarised from the last turns. */
  scene: z.string(),
  /** Done: the picture (a signed URL). */
  image: jobImageSchema.nullable(),
  /** The character's reference picture went to the engine with the prompt. */
  reference: z.boolean(),
  /** Shared to the character's page: its share id. */
  share_id: z.string().nullable(),
  /** The offline preview renderer drew it: the page says so. */
  preview: z.boolean(),
  created_at: z.number(),
});
export type ChatPicture = z.infer<typeof chatPictureSchema>;

/** The character look's calls: pictures in a chat and on the character's page. */
export const PICTURE_ENDPOINTS = {
  chatPicture: endpoint({
    ...API.chatPicture,
    summary:
      "Send me a picture: an image job from the character's look and the scene of the last turns (one standard image's credits)",
    tag: 'chat',
    access: 'session',
    body: chatPictureBodySchema,
    response: chatPictureSchema,
  }),
  chatPictures: endpoint({
    ...API.chatPictures,
    summary: "The pictures of a conversation's history (a branch's shared part included), by place",
    tag: 'chat',
    access: 'session',
    query: chatPicturesQuerySchema,
    response: z.object({ pictures: z.array(chatPictureSchema) }),
  }),
  chatPictureShare: endpoint({
    ...API.chatPictureShare,
    summary: "Share a picture made in a chat to the character's page",
    tag: 'chat',
    access: 'session',
    body: chatPictureShareBodySchema,
    response: sharedImageSchema,
  }),
  characterPictures: endpoint({
    ...API.characterPictures,
    summary: "The pictures users shared to a character's page, newest first, 24 a page",
    tag: 'characters',
    access: 'session',
    query: characterPicturesQuerySchema,
    response: z.object({ images: z.array(sharedImageSchema), has_more: z.boolean() }),
  }),
};
