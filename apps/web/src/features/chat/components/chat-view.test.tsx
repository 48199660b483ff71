import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import chatEn from '@/locales/en/chat.json';
import chatFr from '@/locales/fr/chat.json';
import commonEn from '@/locales/en/common.json';
import commonFr from '@/locales/fr/common.json';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import type { ChatController } from '../hooks/use-chat';
import { conversation, loaded, msg, sending, started } from '../lib/chat-fixtures';
import { chatReducer, initialChatState, type ChatState } from '../lib/chat-state';
import { ChatSettings } from './chat-settings';
import { ChatView } from './chat-view';

const i18n = setupPageI18n({ common: commonEn, chat: chatEn }, { fr: { common: commonFr, chat: chatFr } });

function controller(state: ChatState, over: Partial<ChatController> = {}): ChatController {
  return {
    kind: 'character',
    state,
    streaming: false,
    model: 'nela-8b',
    loadingOlder: false,
    reload: vi.fn(),
    loadOlder: vi.fn(() => Promise.resolve()),
    send: vi.fn(() => Promise.resolve(true)),
    speak: vi.fn(() => Promise.resolve(true)),
    regenerate: vi.fn(() => Promise.resolve(true)),
    continueReply: vi.fn(() => Promise.resolve(true)),
    stop: vi.fn(),
    edit: vi.fn(() => Promise.resolve(true)),
    remove: vi.fn(() => Promise.resolve()),
    swipe: vi.fn(() => Promise.resolve()),
    branch: vi.fn(() => Promise.resolve(true)),
    switchTo: vi.fn(() => Promise.resolve(true)),
    restart: vi.fn(() => Promise.resolve()),
    clear: vi.fn(() => Promise.resolve()),
    saveSettings: vi.fn(() => Promise.resolve(true)),
    saveMemory: vi.fn(() => Promise.resolve(true)),
    refreshConversation: vi.fn(() => Promise.resolve()),
    ...over,
  };
}

/** The chat as a page shows it, at `path` (a locale prefix picks the reader's language). */
function show(chat: ChatController, path = '/chat') {
  const view = (
    <ChatView
      chat={chat}
      confirm={() => Promise.resolve(true)}
      avatar={<span />}
      assistantName="Mira"
      placeholder="Message Mira…"
      settingsOpen={false}
      onSettingsOpenChange={() => undefined}
    />
  );
  const router = memoryRouter(path, { '/:lang?/chat': view });
  render(<I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>);
}

const messages = () => screen.getAllByTestId('chat-message');

beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the crisis notice', () => {
  const crisisChat = () =>
    loaded([
      msg(1, 'assistant', 'Hello, traveller.'),
      msg(2, 'user', 'I want to end it all tonight.'),
      msg(3, 'assistant', 'I am so sorry you feel this way.', { notice: 'crisis' }),
    ]);

  it('comes before the reply to a message in crisis, with the US line for English readers', () => {
    show(controller(crisisChat()));
    const notices = screen.getAllByRole('note', { name: 'Support is available' });
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    expect(notice.textContent).toContain(
      "If you're thinking about suicide or hurting yourself, you're not alone.",
    );
    const line = within(notice).getByTestId('crisis-line');
    expect(line.textContent).toContain('988 Suicide & Crisis Lifeline (United States): 988');
    expect(line.textContent).toContain('call or text · 24/7 · free');
    expect(within(notice).getByRole('link', { name: '988' }).getAttribute('href')).toBe('tel:988');
    expect(within(notice).getByRole('link', { name: 'text' }).getAttribute('href')).toBe('sms:988');
    expect(within(notice).getByRole('link', { name: '911' }).getAttribute('href')).toBe('tel:911');
    expect(
      within(notice).getByRole('link', { name: '988 Suicide & Crisis Lifeline' }).getAttribute('href'),
    ).toBe('https://988lifeline.org');
    expect(within(notice).getByRole('link', { name: 'findahelpline.com' }).getAttribute('href')).toBe(
      'https://findahelpline.com',
    );
    // Right before the reply it answers with, after the user's message.
    const reply = messages()[2]!;
    expect(notice.compareDocumentPosition(reply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(messages()[1]!.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('gives a French reader the French line, in French', async () => {
    await i18n.changeLanguage('fr');
    show(controller(crisisChat()), '/fr/chat');
    const notice = screen.getByRole('note', { name: 'De l’aide est disponible' });
    expect(notice.textContent).toContain('Si vous pensez au suicide ou à vous faire du mal');
    expect(within(notice).getByTestId('crisis-line').textContent).toContain(
      // French typography (issue 24): a narrow no-break space before the colon.
      '3114, numéro national de prévention du suicide (France)\u202f: 3114',
    );
    expect(within(notice).getByRole('link', { name: '3114' }).getAttribute('href')).toBe('tel:3114');
    expect(within(notice).queryByRole('link', { name: 'SMS' })).toBeNull();
    expect(notice.textContent).toContain('En cas de danger immédiat, appelez le 112.');
    expect(notice.textContent).toContain(
      'Dans un autre pays\u202f? Trouvez une ligne d’écoute\u202f: findahelpline.com',
    );
  });

  it('shows while the reply streams, once the start says the message needs it', () => {
    let s = loaded([msg(1, 'assistant', 'Hello.')]);
    s = chatReducer(s, sending('I want to die'));
    expect(s.messages).toHaveLength(3);
    s = chatReducer(s, started('crisis', msg(2, 'user', 'I want to die')));
    s = chatReducer(s, { type: 'delta', text: 'I am here.' });
    show(controller(s, { streaming: true }));
    expect(screen.getByTestId('crisis-notice')).toBeTruthy();
  });

  it('is not shown on ordinary replies', () => {
    show(
      controller(loaded([msg(1, 'assistant', 'Hello.'), msg(2, 'user', 'Hi'), msg(3, 'assistant', 'Hey.')])),
    );
    expect(screen.queryByTestId('crisis-notice')).toBeNull();
  });
});

describe('the AI disclosure', () => {
  it('says once, above the greeting, that the character is an AI', () => {
    show(
      controller(
        loaded([msg(1, 'assistant', 'Hello, traveller.'), msg(2, 'user', 'Hi'), msg(3, 'assistant', 'Hey.')]),
      ),
    );
    const disclosures = screen.getAllByTestId('ai-disclosure');
    expect(disclosures).toHaveLength(1);
    expect(disclosures[0]!.textContent).toBe(
      'Mira is an AI character. Replies are generated by AI and are not from a real person.',
    );
    expect(
      disclosures[0]!.compareDocumentPosition(messages()[0]!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('is there in the AI chat too, even before the first message', () => {
    show(controller(chatReducer(initialChatState, { type: 'blank' }), { kind: 'ai' }));
    expect(screen.getByTestId('ai-disclosure').textContent).toBe(
      "You're chatting with an AI. Replies are generated by AI and are not from a real person.",
    );
  });
});

describe('a reply stopped for the content rules', () => {
  it('is replaced by the server’s note, not shown as the character’s words; the user’s message stays', () => {
    let s = loaded([msg(1, 'assistant', 'Hello.')]);
    s = chatReducer(s, sending('Tell me'));
    s = chatReducer(s, started(null, msg(2, 'user', 'Tell me')));
    s = chatReducer(s, { type: 'delta', text: 'Something that turned unsafe' });
    s = chatReducer(s, {
      type: 'withheld',
      text: 'The reply was stopped because it broke our content rules. Your credits have been returned.',
    });
    show(controller(s));
    expect(screen.queryByText(/turned unsafe/)).toBeNull();
    const note = screen.getByTestId('reply-refused');
    expect(note.textContent).toBe(
      'The reply was stopped because it broke our content rules. Your credits have been returned.',
    );
    expect(note.closest('[data-testid="chat-message"]')).toBeNull();
    expect(messages().map((m) => m.getAttribute('data-role'))).toEqual(['assistant', 'user']);
    expect(messages()[1]!.textContent).toContain('Tell me');
  });

  it('keeps the typed text in the box when a send is refused before the reply starts', async () => {
    const send = vi.fn(() => Promise.resolve(false));
    show(controller(loaded([msg(1, 'assistant', 'Hello.')]), { send }));
    const box = screen.getByTestId<HTMLTextAreaElement>('chat-input');
    fireEvent.change(box, { target: { value: 'something refused' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(send).toHaveBeenCalledWith('something refused');
    await waitFor(() => expect(box.value).toBe('something refused'));
  });
});

describe('the demo notice', () => {
  it('tells a visitor it is a demo and free, without the operator’s setting', () => {
    show(controller(loaded([msg(1, 'assistant', 'Hello.', { engine: 'demo' })], { demo_engine: true })));
    const notice = screen.getByTestId('demo-notice');
    expect(notice.textContent).toContain('Demo engine.');
    expect(notice.textContent).toContain('Demo replies are free: no credits are used.');
    expect(notice.textContent).not.toContain('LLM_BASE_URL');
    expect(screen.getByTestId('chat-cost').textContent).toContain('Demo replies are free');
    expect(screen.getByTestId('chat-cost').textContent).not.toContain('credit');
  });

  it('shows an admin which setting connects a real model', () => {
    show(
      controller(
        loaded([msg(1, 'assistant', 'Hello.', { engine: 'demo' })], { demo_engine: true, is_admin: true }),
      ),
    );
    expect(screen.getByTestId('demo-notice').textContent).toContain('Demo replies are free');
    expect(screen.getByTestId('demo-operator').textContent).toContain('LLM_BASE_URL');
  });

  it('is absent with a real engine, where the cost per message shows', () => {
    show(controller(loaded([msg(1, 'assistant', 'Hello.')])));
    expect(screen.queryByTestId('demo-notice')).toBeNull();
    expect(screen.getByTestId('chat-cost').textContent).toContain('2 credits per message');
  });
});

describe('what a reply remembered (issue 21)', () => {
  it('names the lorebook entries that shaped a reply, in the reader’s language', async () => {
    const chat = () =>
      loaded([
        msg(1, 'assistant', 'The ferry is waiting.'),
        msg(2, 'user', 'Tell me about Eldoria and your vow.'),
        msg(3, 'assistant', 'Eldoria is old.', { lore: ['Eldoria', 'the healer’s vow'] }),
      ]);
    show(controller(chat()));
    const lore = screen.getAllByTestId('message-lore');
    expect(lore).toHaveLength(1);
    expect(lore[0]?.textContent).toBe('Remembered: \u2068Eldoria\u2069 and \u2068the healer’s vow\u2069');
    expect(messages()[2]?.contains(lore[0] ?? null)).toBe(true);
    cleanup();
    await i18n.changeLanguage('fr');
    show(controller(chat()), '/fr/chat');
    expect(screen.getByTestId('message-lore').textContent).toBe(
      'Souvenirs\u202f: \u2068Eldoria\u2069 et \u2068the healer’s vow\u2069',
    );
  });
});

describe('the memory in the settings', () => {
  function showSettings(memoryAuto: boolean) {
    const state = loaded([msg(1, 'assistant', 'Hello.')], {
      conversation: {
        ...conversation,
        memory: '- Sam: My sister Zara keeps the key.',
        memory_auto: memoryAuto,
      },
    });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <ChatSettings
            open
            onOpenChange={() => undefined}
            conversation={state.conversation}
            model="nela-8b"
            onSave={() => Promise.resolve(true)}
            onSaveMemory={() => Promise.resolve(true)}
          />
        </I18nextProvider>
      </QueryClientProvider>,
    );
  }

  it('says when the chat engine wrote it, until the user changes it', () => {
    showSettings(true);
    expect(screen.getByTestId('chat-memory-auto').textContent).toBe(chatEn.settings.memoryAuto);
    fireEvent.change(screen.getByTestId('chat-memory'), { target: { value: 'Mine now.' } });
    expect(screen.queryByTestId('chat-memory-auto')).toBeNull();
  });

  it('says nothing of the kind for a memory the user wrote', () => {
    showSettings(false);
    expect(screen.queryByTestId('chat-memory-auto')).toBeNull();
  });
});
