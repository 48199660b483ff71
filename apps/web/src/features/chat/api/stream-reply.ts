import { readEvents, type ChatStreamEvent, type ModelProfileId } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/chat';
import { apiStream, pathOf } from '@/lib/api-client';

/** A reply may stream for minutes on a slow model (the server allows 300 s). */
const REPLY_TIMEOUT_MS = 300_000;

/** What POST aigc/text asks for: a new message, a new swipe, or the rest of a cut-off reply. */
export type ReplyRequest = { model?: ModelProfileId | undefined } & (
  | { content: string; characterId?: number | undefined; conversationId?: string | undefined }
  | { regenerate: number; characterId?: number | undefined }
  | { continue: number; characterId?: number | undefined }
  /** A group chat: this character speaks next, without a new message. */
  | { speakerId: number; conversationId: string }
);

type EventData<E extends ChatStreamEvent['event']> = Extract<ChatStreamEvent, { event: E }>['data'];

export interface ReplyListener {
  start: (data: EventData<'start'>) => void;
  delta: (text: string) => void;
  done: (data: EventData<'done'>) => void;
  error: (data: EventData<'error'>) => void;
}

/**
 * Streams a reply (server-sent events). Refusals before the stream reject with the ApiError of
 * the envelope (the credits dialog opens on 100002); aborting `signal` stops the stream, and
 * the server keeps what was written so far. Resolves with how the stream ended.
 */
export async function streamReply(
  body: ReplyRequest,
  on: ReplyListener,
  signal: AbortSignal,
): Promise<'done' | 'error' | 'cut'> {
  const response = await apiStream(pathOf(API.chatSend), {
    json: body,
    signal,
    silent: true,
    timeoutMs: REPLY_TIMEOUT_MS,
  });
  if (!response.body) return 'cut';
  for await (const { event, data } of readEvents(response.body)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      continue;
    }
    if (event === 'start') on.start(parsed as EventData<'start'>);
    else if (event === 'delta') on.delta((parsed as EventData<'delta'>).text);
    else if (event === 'done') {
      on.done(parsed as EventData<'done'>);
      return 'done';
    } else if (event === 'error') {
      on.error(parsed as EventData<'error'>);
      return 'error';
    }
  }
  return 'cut';
}
