import { ErrorCode, type ChatMessageDto, type MessagePage } from '@lumi/contract';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { notify } from '@/lib/toast';
import { track } from '@/lib/tracked';
import chatEn from '@/locales/en/chat.json';
import * as chatApi from '../api/chat';
import { streamReply, type ReplyListener } from '../api/stream-reply';
import { useChat } from './use-chat';

vi.mock('../api/chat', () => ({ getMessages: vi.fn() }));
vi.mock('../api/stream-reply', () => ({ streamReply: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }));

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { chat: chatEn } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

const msg = (id: number, role: 'user' | 'assistant', content: string): ChatMessageDto => ({
  id,
  role,
  content,
  swipes: [content],
  swipe_index: 0,
  finish_reason: 'stop',
  engine: role === 'assistant' ? 'openai' : null,
  notice: null,
  create_time: id,
});

const greeting: MessagePage = {
  conversation: {
    id: 'c1',
    character_id: 7,
    model: 'nela-8b',
    persona_name: '',
    persona_description: '',
    memory: '',
  },
  messages: [msg(1, 'assistant', 'Hello, traveller.')],
  has_more: false,
  demo_engine: false,
  is_admin: false,
};

const REFUSED = 'The reply was stopped because it broke our content rules. Your credits have been returned.';
const refreshes: string[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  vi.mocked(chatApi.getMessages).mockResolvedValue(greeting);
  refreshes.length = 0;
  unsubscribe = creditsEvents.subscribe((v) => refreshes.push(v));
});
afterEach(() => {
  unsubscribe();
  cleanup();
  vi.clearAllMocks();
});

async function openChat() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const hook = renderHook(
    () => useChat({ kind: 'character', characterId: 7 }, 'nela-8b', { onAdult: vi.fn() }),
    {
      wrapper,
    },
  );
  await waitFor(() => expect(hook.result.current.state.phase).toBe('ready'));
  return hook;
}

describe('useChat: refusals', () => {
  it('replaces a reply refused while streaming with the server’s note, keeps the message, reads the balance again', async () => {
    vi.mocked(streamReply).mockImplementation((_body, on: ReplyListener) => {
      on.start({
        conversation_id: 'c1',
        user_message: msg(2, 'user', 'Tell me'),
        message_id: 0,
        notice: null,
      });
      on.delta('Something that turned ');
      on.delta('unsafe');
      on.error({ code: ErrorCode.CONTENT_POLICY, message: REFUSED });
      return Promise.resolve('error');
    });
    const { result } = await openChat();
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send('Tell me');
    });
    expect(sent).toBe(true);
    const shown = result.current.state.messages;
    expect(shown.map((m) => [m.role, m.content])).toEqual([
      ['assistant', 'Hello, traveller.'],
      ['user', 'Tell me'],
      ['assistant', ''],
    ]);
    expect(shown[1]?.id).toBe(2);
    expect(shown[2]?.refusal).toBe(REFUSED);
    expect(result.current.streaming).toBe(false);
    // No toast on top of the note, and no reading back that would drop it.
    expect(notify).not.toHaveBeenCalled();
    expect(chatApi.getMessages).toHaveBeenCalledTimes(1);
    // The balance is read again after the refund (the header follows the server's figure).
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((v) => v !== '')).toBe(true);
  });

  it('shows a send refused before the reply starts as a translated message, and hands the text back', async () => {
    vi.mocked(streamReply).mockRejectedValue(
      new ApiError('business', ErrorCode.CONTENT_POLICY, 'This can’t be sent. Nothing was charged.'),
    );
    const { result } = await openChat();
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send('something refused');
    });
    // false: the composer keeps the typed text.
    expect(sent).toBe(false);
    expect(notify).toHaveBeenCalledWith('warning', 'This can’t be sent. Nothing was charged.');
    expect(result.current.state.messages.map((m) => m.id)).toEqual([1]);
  });

  it('still reports other stream failures as before', async () => {
    vi.mocked(streamReply).mockImplementation((_body, on: ReplyListener) => {
      on.start({ conversation_id: 'c1', user_message: msg(2, 'user', 'Hi'), message_id: 0, notice: null });
      on.error({ code: ErrorCode.SERVICE_BUSY, message: 'Busy, try again.' });
      return Promise.resolve('error');
    });
    vi.mocked(chatApi.getMessages)
      .mockResolvedValueOnce(greeting)
      .mockResolvedValueOnce({ ...greeting, messages: [...greeting.messages, msg(2, 'user', 'Hi')] });
    const { result } = await openChat();
    await act(async () => {
      await result.current.send('Hi');
    });
    expect(notify).toHaveBeenCalledWith('error', 'Busy, try again.');
    expect(result.current.state.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('signed out on the way: no toast of its own, the text goes back, the chat shows this visitor’s conversation', async () => {
    vi.mocked(streamReply).mockRejectedValue(
      new ApiError('business', ErrorCode.NOT_FOUND, 'Not found', true),
    );
    const guestPage: MessagePage = { ...greeting, conversation: { ...greeting.conversation, id: 'g1' } };
    vi.mocked(chatApi.getMessages).mockResolvedValueOnce(greeting).mockResolvedValueOnce(guestPage);
    const { result } = await openChat();
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send('still here?');
    });
    expect(sent).toBe(false);
    expect(notify).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.state.conversation?.id).toBe('g1'));
    expect(chatApi.getMessages).toHaveBeenLastCalledWith({ characterId: 7 });
    // Read again in place: the page (and its message box) never went back to loading.
    expect(result.current.state.phase).toBe('ready');
  });
});

describe('useChat: the first page asked for beside the character', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const open = (firstPage: Promise<MessagePage>) =>
    renderHook(
      () => useChat({ kind: 'character', characterId: 7 }, 'nela-8b', { onAdult: vi.fn(), firstPage }),
      {
        wrapper,
      },
    );

  it('renders a settled page at once and asks nothing more', async () => {
    const page = track(Promise.resolve(greeting));
    await page;
    const { result } = open(page);
    expect(result.current.state.phase).toBe('ready');
    expect(result.current.state.messages.map((m) => m.content)).toEqual(['Hello, traveller.']);
    await act(async () => {
      await Promise.resolve();
    });
    expect(chatApi.getMessages).not.toHaveBeenCalled();
  });

  it('waits for a page still on its way, then asks nothing more; a reload asks afresh', async () => {
    let resolve: (page: MessagePage) => void = () => undefined;
    const { result } = open(track(new Promise<MessagePage>((r) => (resolve = r))));
    expect(result.current.state.phase).toBe('loading');
    resolve(greeting);
    await waitFor(() => expect(result.current.state.phase).toBe('ready'));
    expect(chatApi.getMessages).not.toHaveBeenCalled();
    act(() => result.current.reload());
    await waitFor(() => expect(chatApi.getMessages).toHaveBeenCalledTimes(1));
  });

  it('a refused first page says why, as a page it asked for itself would', async () => {
    const refused = track(Promise.reject(new ApiError('business', ErrorCode.CHARACTER_DELETED, 'gone')));
    const { result } = open(refused);
    await waitFor(() => expect(result.current.state.phase).toBe('removed'));
    expect(chatApi.getMessages).not.toHaveBeenCalled();
  });
});
