import type {
  ChatMessageDto,
  ChatStreamEvent,
  ConversationDto,
  GroupMember,
  MessagePage,
} from '@lumi/contract';
import { appConfig } from '@/lib/app-config';

/** A message as shown: stored ones have their server id; `local` ones (negative ids) are not stored yet. */
export interface UiMessage extends ChatMessageDto {
  local?: boolean;
  /**
   * A reply stopped while it streamed (it broke the content rules): the server's refusal, shown
   * as a note in place of the reply. Never stored; the next reload no longer shows it.
   */
  refusal?: string;
}

/** The reply being streamed into a message. */
export interface Live {
  mode: 'send' | 'regenerate' | 'continue';
  /** The message the text streams into (a local placeholder for a new message). */
  targetId: number;
  /** For continue: what separates the old text from the new, once known. */
  joiner: string | null;
  /** The message as it was, to put back if the reply is refused. */
  original: UiMessage | null;
}

export type ChatPhase = 'loading' | 'ready' | 'failed' | 'removed' | 'adult';

export interface ChatState {
  phase: ChatPhase;
  conversation: ConversationDto | null;
  messages: UiMessage[];
  hasMore: boolean;
  demo: boolean;
  /** The reader is an admin (the page says so): operator instructions are shown. */
  admin: boolean;
  /** A group chat's characters, in turn order (empty for other chats). */
  members: GroupMember[];
  live: Live | null;
}

type StartData = Extract<ChatStreamEvent, { event: 'start' }>['data'];

export type ChatAction =
  | { type: 'phase'; phase: ChatPhase }
  | { type: 'loaded'; page: MessagePage }
  | { type: 'blank' }
  | { type: 'older'; page: MessagePage }
  | { type: 'newest'; page: MessagePage }
  | { type: 'conversation'; conversation: ConversationDto }
  /** A new reply, to a new message of the user's (`user`) or, in a group chat, to none. */
  | { type: 'sending'; user: UiMessage | null; reply: UiMessage }
  | { type: 'reworking'; mode: 'regenerate' | 'continue'; id: number }
  | { type: 'started'; data: StartData }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: ChatMessageDto }
  | { type: 'settled' }
  | { type: 'refused' }
  | { type: 'withheld'; text: string }
  | { type: 'replaced'; message: ChatMessageDto }
  | { type: 'removed'; id: number };

export const initialChatState: ChatState = {
  phase: 'loading',
  conversation: null,
  messages: [],
  hasMore: false,
  // Known from the site's configuration before the first page or reply says so.
  demo: appConfig.chatDemo ?? false,
  admin: false,
  members: [],
  live: null,
};

let nextLocalId = -1;
/** Ids for messages not stored yet: negative, never a server id. */
export function localId(): number {
  nextLocalId -= 1;
  return nextLocalId;
}

export function localMessage(role: 'user' | 'assistant', content: string): UiMessage {
  return {
    id: localId(),
    // Not stored yet: after every stored message.
    seq: Number.MAX_SAFE_INTEGER,
    role,
    content,
    swipes: [content],
    swipe_index: 0,
    lore: [],
    finish_reason: null,
    engine: null,
    notice: null,
    shared: false,
    character_id: null,
    create_time: Date.now(),
    local: true,
  };
}

/** Whether the conversation shown shares this message with the one it branched from. */
export const sharedMessage = (state: ChatState, id: number) =>
  state.messages.find((m) => m.id === id)?.shared ?? false;

/** How many stored messages are loaded: the next older page starts at or before this offset. */
export function olderPageNumber(messages: readonly UiMessage[], pageSize: number): number {
  const stored = messages.filter((m) => !m.local).length;
  return Math.floor(stored / pageSize) + 1;
}

/**
 * Older messages go before the loaded ones; pages may overlap after new messages, so places
 * (`seq`) decide.
 */
function prependOlder(messages: UiMessage[], older: readonly ChatMessageDto[]): UiMessage[] {
  const known = new Set(messages.map((m) => m.id));
  const oldest = messages.find((m) => !m.local)?.seq ?? Number.POSITIVE_INFINITY;
  return [...older.filter((m) => !known.has(m.id) && m.seq < oldest), ...messages];
}

/** The newest page replaces everything from its first message on; older loaded ones stay. */
function mergeNewest(messages: UiMessage[], newest: readonly ChatMessageDto[]): UiMessage[] {
  const first = newest[0]?.seq;
  if (first === undefined) return [];
  return [...messages.filter((m) => !m.local && m.seq < first), ...newest];
}

const withText = (m: UiMessage, content: string): UiMessage => {
  const swipes = [...m.swipes];
  swipes[m.swipe_index] = content;
  return { ...m, content, swipes };
};

function mapMessage(state: ChatState, id: number, f: (m: UiMessage) => UiMessage): ChatState {
  return { ...state, messages: state.messages.map((m) => (m.id === id ? f(m) : m)) };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'phase':
      return { ...state, phase: action.phase, live: null };
    case 'loaded':
      return {
        phase: 'ready',
        conversation: action.page.conversation,
        messages: action.page.messages,
        hasMore: action.page.has_more,
        demo: action.page.demo_engine,
        admin: action.page.is_admin,
        members: action.page.members,
        live: null,
      };
    case 'blank':
      return { ...initialChatState, phase: 'ready', demo: state.demo, admin: state.admin };
    case 'older':
      return {
        ...state,
        messages: prependOlder(state.messages, action.page.messages),
        hasMore: action.page.has_more,
      };
    case 'newest':
      return {
        ...state,
        conversation: action.page.conversation,
        demo: action.page.demo_engine,
        admin: action.page.is_admin,
        members: action.page.members,
        messages: mergeNewest(state.messages, action.page.messages),
        live: null,
      };
    case 'conversation':
      return { ...state, conversation: action.conversation };
    case 'sending':
      return {
        ...state,
        messages: [...state.messages, ...(action.user ? [action.user] : []), action.reply],
        live: { mode: 'send', targetId: action.reply.id, joiner: null, original: null },
      };
    case 'reworking': {
      const original = state.messages.find((m) => m.id === action.id);
      if (!original) return state;
      const live: Live = { mode: action.mode, targetId: action.id, joiner: null, original };
      if (action.mode === 'continue') return { ...state, live };
      return mapMessage({ ...state, live }, action.id, (m) => ({
        ...m,
        content: '',
        swipes: [...m.swipes, ''],
        swipe_index: m.swipes.length,
        finish_reason: null,
      }));
    }
    case 'started': {
      const { user_message: stored } = action.data;
      const conversation =
        state.conversation ??
        ({
          id: action.data.conversation_id,
          character_id: null,
          model: '',
          persona_name: '',
          persona_description: '',
          memory: '',
          memory_auto: false,
          parent_id: null,
          members: [],
        } satisfies ConversationDto);
      const { notice, speaker } = action.data;
      // The stored user message takes the place of its local copy (the last local user message).
      const at = stored ? state.messages.findLastIndex((m) => m.local && m.role === 'user') : -1;
      const targetId = state.live?.targetId;
      const messages = state.messages.map((m, i) => {
        if (stored && i === at) return stored;
        // The crisis notice comes before the reply while it streams, not only once it is stored;
        // in a group chat, so does who is replying.
        if (m.id === targetId && (notice || speaker)) {
          return { ...m, ...(notice ? { notice } : {}), ...(speaker ? { character_id: speaker } : {}) };
        }
        return m;
      });
      return { ...state, conversation, messages };
    }
    case 'delta': {
      const live = state.live;
      if (!live) return state;
      if (live.mode === 'continue') {
        const target = state.messages.find((m) => m.id === live.targetId);
        if (!target) return state;
        const joiner =
          live.joiner ??
          (/\s$/.test(target.content) || /^\s/.test(action.text) || !target.content ? '' : ' ');
        return mapMessage({ ...state, live: { ...live, joiner } }, live.targetId, (m) =>
          withText(m, `${m.content}${live.joiner === null ? joiner : ''}${action.text}`),
        );
      }
      return mapMessage(state, live.targetId, (m) => withText(m, m.content + action.text));
    }
    case 'done': {
      const live = state.live;
      if (!live) return state;
      return {
        ...mapMessage(state, live.targetId, () => action.message),
        demo: state.demo || action.message.engine === 'demo',
        live: null,
      };
    }
    case 'settled':
      return { ...state, live: null };
    case 'refused': {
      const live = state.live;
      if (!live) return state;
      if (live.mode === 'send') {
        // Neither the user message (none for a group chat's nudge) nor the reply was stored.
        const at = state.messages.findIndex((m) => m.id === live.targetId);
        const asked = state.messages[at - 1]?.local ? at - 1 : -1;
        return { ...state, messages: state.messages.filter((_, i) => i !== at && i !== asked), live: null };
      }
      const original = live.original;
      return original
        ? { ...mapMessage(state, live.targetId, () => original), live: null }
        : { ...state, live: null };
    }
    case 'withheld': {
      // The reply turned unsafe while streaming: the server kept none of it and refunded. What
      // was shown goes; a note with the server's words takes its place. The user's message stays.
      const live = state.live;
      if (!live) return state;
      const target = state.messages.find((m) => m.id === live.targetId);
      const original = live.original;
      const note: UiMessage = {
        ...localMessage('assistant', ''),
        // The crisis notice stays in view, once.
        notice: target?.notice && !original?.notice ? target.notice : null,
        refusal: action.text,
      };
      const messages = state.messages.flatMap((m) => {
        if (m.id !== live.targetId) return [m];
        // A new reply is replaced by the note; a regenerated or continued one is put back as it
        // was, with the note after it.
        return original ? [original, note] : [note];
      });
      return { ...state, messages, live: null };
    }
    case 'replaced':
      return mapMessage(state, action.message.id, () => action.message);
    case 'removed':
      return { ...state, messages: state.messages.filter((m) => m.id !== action.id) };
  }
}
