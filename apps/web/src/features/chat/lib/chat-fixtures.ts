import type { ChatMessageDto, MessagePage } from '@lumi/contract';
import { chatReducer, initialChatState, localMessage, type ChatAction, type ChatState } from './chat-state';

/** Test fixtures: a stored message, a page of them and the chat state that page loads. */
export const msg = (
  id: number,
  role: 'user' | 'assistant',
  content: string,
  over: Partial<ChatMessageDto> = {},
): ChatMessageDto => ({
  id,
  seq: id,
  role,
  content,
  swipes: [content],
  swipe_index: 0,
  lore: [],
  finish_reason: 'stop',
  engine: role === 'assistant' ? 'openai' : null,
  notice: null,
  shared: false,
  character_id: null,
  create_time: id,
  ...over,
});

export const conversation: MessagePage['conversation'] = {
  id: 'c1',
  character_id: 7,
  model: 'nela-8b',
  persona_name: '',
  persona_description: '',
  memory: '',
  memory_auto: false,
  parent_id: null,
  members: [],
};

export const page = (messages: ChatMessageDto[], over: Partial<MessagePage> = {}): MessagePage => ({
  conversation,
  messages,
  has_more: false,
  demo_engine: false,
  is_admin: false,
  members: [],
  ...over,
});

export const loaded = (messages: ChatMessageDto[], over: Partial<MessagePage> = {}): ChatState =>
  chatReducer(initialChatState, { type: 'loaded', page: page(messages, over) });

/** A send as the page starts it: the user's message and the reply's placeholder, both local. */
export const sending = (text: string, reply = ''): ChatAction => ({
  type: 'sending',
  user: localMessage('user', text),
  reply: localMessage('assistant', reply),
});

/** The stream's start: the user's message as stored (null for a regenerate), and its notice. */
export const started = (notice: 'crisis' | null, user: ChatMessageDto | null): ChatAction => ({
  type: 'started',
  data: { conversation_id: 'c1', user_message: user, message_id: 0, notice, speaker: null },
});
