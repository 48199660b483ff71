import { ErrorCode, type ChatStreamEvent, type MessagePage } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApi } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { notify } from '@/lib/toast';
import { track } from '@/lib/tracked';
import chatEn from '@/locales/en/chat.json';
import { apiError, eventStream, fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { setupPageI18n } from '@/testing/page-i18n';
import { conversation, msg, page } from '../lib/chat-fixtures';
import { useChat } from './use-chat';

vi.mock('@/lib/toast', () => ({ notify: vi.fn() }));
setupFakeApi();

const i18n = setupPageI18n({ chat: chatEn });

/** Conversation ids are UUIDs: the calls that take one refuse anything else. */
const C1 = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a41';
const G1 = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a42';

const greeting = page([msg(1, 'assistant', 'Hello, traveller.')], {
  conversation: { ...conversation, id: C1 },
});

const REFUSED = 'The reply was stopped because it broke our content rules. Your credits have been returned.';
const refreshes: string[] = [];
let unsubscribe: () => void = () => undefined;

/** The server's message pages, one per read (the last one again after that). */
let pages: MessagePage[] = [];
/** The message pages the hook read, by the query it sent. */
const reads = () => requestsTo(API.chatMessages).map((r) => r.sent.query);
/** The reply to a message, as server-sent events. */
const replyWith = (events: ChatStreamEvent[]) => fakeApi(API.chatSend, () => eventStream(events));

beforeEach(() => {
  pages = [greeting];
  fakeApi(API.chatMessages, () => (pages.length > 1 ? pages.shift()! : pages[0]!));
  configureApi({ onNoSession: () => Promise.resolve() });
  refreshes.length = 0;
  unsubscribe = creditsEvents.subscribe((v) => refreshes.push(v));
});
afterEach(() => {
  unsubscribe();
  cleanup();
  vi.clearAllMocks();
});

/** The hook's providers: the translations and a query client of its own. */
function providers() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

async function openChat() {
  const wrapper = providers();
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
    replyWith([
      {
        event: 'start',
        data: {
          conversation_id: C1,
          user_message: msg(2, 'user', 'Tell me'),
          message_id: 0,
          notice: null,
          speaker: null,
        },
      },
      { event: 'delta', data: { text: 'Something that turned ' } },
      { event: 'delta', data: { text: 'unsafe' } },
      { event: 'error', data: { code: ErrorCode.CONTENT_POLICY, message: REFUSED } },
    ]);
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
    expect(reads()).toHaveLength(1);
    // The balance is read again after the refund (the header follows the server's figure).
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((v) => v !== '')).toBe(true);
  });

  it('shows a send refused before the reply starts as a translated message, and hands the text back', async () => {
    fakeApi(API.chatSend, () =>
      apiError(ErrorCode.CONTENT_POLICY, 'This can’t be sent. Nothing was charged.'),
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
    replyWith([
      {
        event: 'start',
        data: {
          conversation_id: C1,
          user_message: msg(2, 'user', 'Hi'),
          message_id: 0,
          notice: null,
          speaker: null,
        },
      },
      { event: 'error', data: { code: ErrorCode.SERVICE_BUSY, message: 'Busy, try again.' } },
    ]);
    pages = [greeting, { ...greeting, messages: [...greeting.messages, msg(2, 'user', 'Hi')] }];
    const { result } = await openChat();
    await act(async () => {
      await result.current.send('Hi');
    });
    expect(notify).toHaveBeenCalledWith('error', 'Busy, try again.');
    expect(result.current.state.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('signed out on the way: no toast of its own, the text goes back, the chat shows this visitor’s conversation', async () => {
    // The session was gone: the client signs in as a new guest and sends again, and the
    // conversation belonged to the account that left.
    configureApi({ onNoSession: () => Promise.resolve(true) });
    fakeApi(API.chatSend, () => apiError(ErrorCode.NOT_FOUND, 'Not found'));
    fakeApi(API.chatSend, () => apiError(ErrorCode.NO_SESSION, 'No session'), { once: true });
    const guestPage: MessagePage = { ...greeting, conversation: { ...greeting.conversation, id: G1 } };
    pages = [greeting, guestPage];
    const { result } = await openChat();
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send('still here?');
    });
    expect(sent).toBe(false);
    expect(notify).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.state.conversation?.id).toBe(G1));
    expect(requestsTo(API.chatSend)).toHaveLength(2);
    // Read again by the character (the conversation was the old account's), its first page.
    expect(reads().at(-1)).toEqual({ characterId: '7', page: '1' });
    // Read again in place: the page (and its message box) never went back to loading.
    expect(result.current.state.phase).toBe('ready');
  });
});

describe('useChat: the first page asked for beside the character', () => {
  const wrapper = providers();
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
    expect(reads()).toHaveLength(0);
  });

  it('waits for a page still on its way, then asks nothing more; a reload asks afresh', async () => {
    let resolve: (page: MessagePage) => void = () => undefined;
    const { result } = open(track(new Promise<MessagePage>((r) => (resolve = r))));
    expect(result.current.state.phase).toBe('loading');
    resolve(greeting);
    await waitFor(() => expect(result.current.state.phase).toBe('ready'));
    expect(reads()).toHaveLength(0);
    act(() => result.current.reload());
    await waitFor(() => expect(reads()).toHaveLength(1));
  });

  it('a refused first page says why, as a page it asked for itself would', async () => {
    const refused = track(Promise.reject(new ApiError('business', ErrorCode.CHARACTER_DELETED, 'gone')));
    const { result } = open(refused);
    await waitFor(() => expect(result.current.state.phase).toBe('removed'));
    expect(reads()).toHaveLength(0);
  });
});

describe('useChat: earlier messages', () => {
  /** Messages `from`..`to`, a full page's worth apart. */
  const run = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) =>
      msg(from + i, i % 2 ? 'user' : 'assistant', `m${from + i}`),
    );
  const ids = (from: number, to: number) => run(from, to).map((m) => m.id);
  const newest = page(run(31, 60), { conversation: { ...conversation, id: C1 }, has_more: true });
  const earlier = page(run(1, 30), { conversation: { ...conversation, id: C1 } });

  it('reads the next older page once, waits while it comes, and puts it before the loaded messages', async () => {
    let answer: (page: MessagePage) => void = () => undefined;
    fakeApi(API.chatMessages, () => newest, { once: true });
    const { result } = await openChat();
    fakeApi(API.chatMessages, () => new Promise<MessagePage>((r) => (answer = r)));
    let loading: Promise<void> = Promise.resolve();
    act(() => {
      loading = result.current.loadOlder();
    });
    await waitFor(() => expect(result.current.loadingOlder).toBe(true));
    // A second press while it comes asks nothing more.
    await act(() => result.current.loadOlder());
    await waitFor(() => expect(reads()).toHaveLength(2));
    answer(earlier);
    await act(() => loading);
    await waitFor(() => expect(result.current.loadingOlder).toBe(false));
    expect(reads()).toHaveLength(2);
    expect(reads().at(-1)).toEqual({ conversationId: C1, page: '2', page_size: '30' });
    expect(result.current.state.messages.map((m) => m.id)).toEqual(ids(1, 60));
    expect(result.current.state.hasMore).toBe(false);
  });

  it('says when the earlier messages could not be read, and keeps the loaded ones', async () => {
    fakeApi(API.chatMessages, () => newest, { once: true });
    const { result } = await openChat();
    fakeApi(API.chatMessages, () => apiError(ErrorCode.INTERNAL, 'internal'));
    await act(() => result.current.loadOlder());
    expect(notify).toHaveBeenCalledWith('error', "Earlier messages couldn't be loaded.");
    await waitFor(() => expect(result.current.loadingOlder).toBe(false));
    expect(result.current.state.messages.map((m) => m.id)).toEqual(ids(31, 60));
  });
});

describe('useChat: branches', () => {
  const B1 = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a43';
  const history = [
    msg(1, 'assistant', 'Hello, traveller.'),
    msg(2, 'user', 'Hi'),
    msg(3, 'assistant', 'Welcome.'),
  ];

  it('branches from a message with the conversation shown, and shows the new branch', async () => {
    pages = [page(history, { conversation: { ...conversation, id: C1 } })];
    const branch = page(
      history.slice(0, 2).map((m) => ({ ...m, shared: true })),
      { conversation: { ...conversation, id: B1, parent_id: C1 } },
    );
    fakeApi(API.chatBranch, () => branch);
    const { result } = await openChat();
    await act(async () => {
      expect(await result.current.branch(2)).toBe(true);
    });
    expect(requestsTo(API.chatBranch)[0]?.sent.body).toEqual({ conversationId: C1, id: 2 });
    expect(result.current.state.conversation?.id).toBe(B1);
    expect(result.current.state.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(notify).toHaveBeenCalledWith('success', chatEn.branches.created);
  });

  it('edits a shared message in the branch shown, then reads the branch again (its copies have new ids)', async () => {
    const shared = history.map((m) => ({ ...m, shared: true }));
    const copied = [
      shared[0]!,
      { ...msg(9, 'user', 'Hi there'), seq: 2 },
      { ...msg(10, 'assistant', 'Welcome.'), seq: 3 },
    ];
    pages = [
      page(shared, { conversation: { ...conversation, id: B1, parent_id: C1 } }),
      page(copied, { conversation: { ...conversation, id: B1, parent_id: C1 } }),
    ];
    fakeApi(API.chatEdit, () => copied[1]!);
    const { result } = await openChat();
    await act(async () => {
      expect(await result.current.edit(2, 'Hi there')).toBe(true);
    });
    expect(requestsTo(API.chatEdit)[0]?.sent.body).toEqual({
      id: 2,
      content: 'Hi there',
      conversationId: B1,
    });
    expect(reads().at(-1)).toMatchObject({ conversationId: B1 });
    expect(result.current.state.messages.map((m) => m.id)).toEqual([1, 9, 10]);
  });

  it('switches to another conversation of the character', async () => {
    fakeApi(API.chatSwitch, () =>
      page([msg(5, 'assistant', 'Back again?')], { conversation: { ...conversation, id: B1 } }),
    );
    const { result } = await openChat();
    await act(async () => {
      expect(await result.current.switchTo(B1)).toBe(true);
    });
    expect(requestsTo(API.chatSwitch)[0]?.sent.body).toEqual({ conversationId: B1 });
    expect(result.current.state.messages.map((m) => m.content)).toEqual(['Back again?']);
  });

  it('regenerates in the conversation shown', async () => {
    replyWith([
      {
        event: 'start',
        data: { conversation_id: C1, user_message: null, message_id: 1, notice: null, speaker: null },
      },
      { event: 'delta', data: { text: 'Another hello.' } },
      {
        event: 'done',
        data: {
          message: msg(1, 'assistant', 'Another hello.', {
            swipes: ['Hello, traveller.', 'Another hello.'],
            swipe_index: 1,
          }),
          remain: 28,
        },
      },
    ]);
    const { result } = await openChat();
    await act(async () => {
      await result.current.regenerate(1);
    });
    expect(requestsTo(API.chatSend)[0]?.sent.body).toEqual({
      regenerate: 1,
      characterId: 7,
      conversationId: C1,
    });
  });
});
