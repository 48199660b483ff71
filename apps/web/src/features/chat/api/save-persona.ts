import { type ModelProfileId } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/persona: saves who the user plays in the conversation, and its model. */
export const savePersona = (body: {
  conversationId: string;
  persona_name: string;
  persona_description: string;
  model?: ModelProfileId | undefined;
}) => call(API.chatPersona, { json: body });
