import type { ChatPicture } from '@lumi/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import chatEn from '@/locales/en/chat.json';
import commonEn from '@/locales/en/common.json';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import type { ChatController } from '../hooks/use-chat';
import type { ChatPictures } from '../hooks/use-chat-pictures';
import { loaded, msg } from '../lib/chat-fixtures';
import { ChatView } from './chat-view';

const i18n = setupPageI18n({ common: commonEn, chat: chatEn });

const picture = (id: string, seq: number, over: Partial<ChatPicture> = {}): ChatPicture => ({
  id,
  conversation_id: 'c1',
  seq,
  job_id: `job-${id}`,
  state: 'done',
  scene: 'on the pier',
  image: { url: `/files/private/${id}.webp`, width: 768, height: 1024 },
  reference: false,
  share_id: null,
  preview: false,
  created_at: 1,
  ...over,
});

function show(send: ChatController['send'], pictures: ChatPictures) {
  const chat = {
    kind: 'character',
    state: loaded([
      msg(1, 'assistant', 'Hello, traveller.'),
      msg(2, 'user', 'Hi!'),
      msg(3, 'assistant', 'Welcome.'),
    ]),
    streaming: false,
    model: 'nela-8b',
    loadingOlder: false,
    send,
  } as unknown as ChatController;
  const view = (
    <ChatView
      chat={chat}
      confirm={() => Promise.resolve(true)}
      avatar={<span />}
      assistantName="Mira"
      placeholder="Message Mira…"
      settingsOpen={false}
      onSettingsOpenChange={() => undefined}
      pictures={pictures}
    />
  );
  render(<I18nextProvider i18n={i18n}>{memoryRouter('/chat', { '/chat': view }).element}</I18nextProvider>);
}

function fakePictures(list: ChatPicture[] = []): ChatPictures {
  return {
    at: (seq) => list.filter((p) => p.seq === seq),
    ask: vi.fn(),
    asking: false,
    share: vi.fn(() => Promise.resolve()),
    sharing: null,
    free: false,
  };
}

const typeAndSend = (text: string) => {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('chat-send'));
};

afterEach(cleanup);

describe('pictures in a character chat (issue 22)', () => {
  it('shows each picture after the message it was asked after, a waiting one as such', () => {
    show(vi.fn(), fakePictures([picture('a', 1), picture('b', 3, { state: 'running', image: null })]));
    const order = [
      ...document.querySelectorAll('[data-testid="chat-message"], [data-testid="chat-picture-item"]'),
    ].map((el) => el.getAttribute('data-testid'));
    expect(order).toEqual([
      'chat-message',
      'chat-picture-item',
      'chat-message',
      'chat-message',
      'chat-picture-item',
    ]);
    expect(screen.getByRole('img', { name: 'A picture of Mira' })).toBeTruthy();
    expect(screen.getByText('\u2068Mira\u2069 is taking a picture…')).toBeTruthy();
  });

  it('asks with the button, named with its cost', () => {
    const pictures = fakePictures();
    show(vi.fn(), pictures);
    const button = screen.getByTestId('chat-picture');
    expect(button.getAttribute('aria-label')).toBe('Send me a picture · 3 credits per picture');
    fireEvent.click(button);
    expect(pictures.ask).toHaveBeenCalledWith();
  });

  it('asks when the message asks in words, once the reply is in; not for other messages or a refused one', async () => {
    const pictures = fakePictures();
    const send = vi.fn(() => Promise.resolve(true));
    show(send, pictures);
    typeAndSend('How was your day?');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(pictures.ask).not.toHaveBeenCalled();
    typeAndSend('Send me a picture of you on the pier');
    await waitFor(() => expect(pictures.ask).toHaveBeenCalledTimes(1));
    send.mockResolvedValueOnce(false);
    typeAndSend('Send me a selfie');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(pictures.ask).toHaveBeenCalledTimes(1);
  });

  it('shares a picture to the character’s page, and says so once shared', () => {
    const pictures = fakePictures([picture('a', 3), picture('b', 3, { share_id: 's1' })]);
    show(vi.fn(), pictures);
    fireEvent.click(screen.getByTestId('picture-share'));
    expect(pictures.share).toHaveBeenCalledWith('a');
    expect(screen.getByTestId('picture-shared').textContent).toBe('Shared on \u2068Mira\u2069’s page');
  });
});
