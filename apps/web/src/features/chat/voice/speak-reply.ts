import * as API from '@lumi/contract/api-routes/speech';
import type { MessageSpeech } from '@lumi/contract';
import { call } from '@/lib/api-client';

/**
 * POST /cgi-bin/auth/character_msg/speech: a reply read aloud in the character's voice, a
 * text-to-speech job (made once per message text and voice; asking again is free).
 */
export function speakReply(
  body: { id: number; conversationId?: string | undefined },
  signal?: AbortSignal,
): Promise<MessageSpeech> {
  return call(API.messageSpeech, { json: body, signal });
}
