import { VOICES, type CharacterDetail } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import commonEn from '@/locales/en/common.json';
import createEn from '@/locales/en/create.json';
import { notify } from '@/lib/toast';
import { fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import CreateCharacterPage from './create-character-page';

/*
 * What the create page's tests share (create-character-page.test.tsx, lorebook-step.test.tsx):
 * their set-up, the page on a memory router with its English texts, the forms it sent to the fake
 * API, and the steps a visitor goes through.
 */

/**
 * A test file's set-up, under its own `vi.mock('@/lib/toast', ...)` (a mock is hoisted in the
 * file that declares it): the fake API, and each test on empty storage with the toasts
 * forgotten, its page unmounted after it.
 */
export function setupCreatePage() {
  setupFakeApi();
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    vi.mocked(notify).mockReset();
    // The voice field's presets and the owner's cloned voices (none).
    fakeApi(API.voices, () => ({
      voices: VOICES.map(({ espeak: _espeak, ...v }) => ({
        ...v,
        preview_url: `/cgi-bin/speech/preview/${v.voice_id}`,
      })),
      offline: true,
    }));
    fakeApi(API.speechHistory, () => ({ items: [] }));
  });
  afterEach(cleanup);
}

/** The character forms the page sent: the text fields, and the files by field. */
export const sentForms = (route: typeof API.characterCreate | typeof API.characterModify) =>
  requestsTo(route).map((r) => ({ fields: r.sent.body as Record<string, string>, files: r.sent.files }));
export const created = () => sentForms(API.characterCreate);
export const modified = () => sentForms(API.characterModify);

/**
 * The file the server got is the one the visitor chose: its type and bytes (vitest hands jsdom's
 * files to fetch as Node blobs, without their names; the server does not read them).
 */
export async function expectSameFile(got: File | undefined, chosen: File) {
  expect(got).toBeDefined();
  expect(got?.type).toBe(chosen.type);
  expect(new Uint8Array((await got?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(
    new Uint8Array(await chosen.arrayBuffer()),
  );
}

export const i18n = setupPageI18n({ common: commonEn, create: createEn });

beforeAll(() => {
  // What jsdom lacks: object URLs, scrollIntoView and Blob.arrayBuffer.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
  if (!('arrayBuffer' in Blob.prototype)) {
    Object.defineProperty(Blob.prototype, 'arrayBuffer', {
      value(this: Blob) {
        return new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(new Error('read failed'));
          reader.readAsArrayBuffer(this);
        });
      },
    });
  }
});

export function renderPage(url = '/free-ai-create-character') {
  const router = memoryRouter(url, {
    '/:lang?/free-ai-create-character': <CreateCharacterPage />,
    '/:lang?/my-Characters-list': <p>My characters list</p>,
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

export const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });
export const type = (name: RegExp | string, value: string) =>
  fireEvent.change(textbox(name), { target: { value } });
export const click = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));

/** Publish, then the confirmation's own button (Publish, or Save changes for an edit). */
export function publishConfirmed() {
  click(/^Publish/);
  const dialog = screen.getByRole('dialog');
  fireEvent.click(within(dialog).getByTestId('publish-confirm'));
}

export function pickAvatar(file = new File(['avatar-bytes'], 'luna.png', { type: 'image/png' })) {
  fireEvent.change(screen.getByLabelText('Avatar'), { target: { files: [file] } });
  return file;
}

/** Fills the required fields of the first three steps, ending on the last one (the lorebook). */
export function fillEverything() {
  const avatar = pickAvatar();
  type(/^Name/, ' Luna ');
  click(/^Continue/);
  type(/^Description/, 'A barista who writes poems.');
  type(/^Personality/, 'Warm, witty, shy.');
  type(/^Tags/, 'Romantic, Fantasy');
  click(/^Continue/);
  type(/^Greeting \(first message\)/, 'Oh, you are here!');
  click(/^Continue/);
  return avatar;
}

export const detail = (over: Partial<CharacterDetail> = {}): CharacterDetail => ({
  id: 42,
  name: 'Mira',
  head: '/media/avatars/mira.png',
  listHead: '/media/avatars/mira-402.webp',
  desc: 'An elf ranger.',
  tag: 'Fantasy,Anime',
  tags: ['Fantasy', 'Anime'],
  gender: 'Female',
  category: 'anime',
  NSFW: false,
  creator: 'me',
  create_time: 0,
  comment_num: 0,
  rating: 0,
  rating_count: 0,
  need_enable_nsfw: false,
  is_collected: false,
  is_owner: true,
  visibility: 'private',
  approval: 'approved',
  personality: 'Calm.',
  first_message: 'Greetings, traveller.',
  alternate_greetings: ['Well met.'],
  scenario: 'A forest.',
  example_dialogue: '<START>\n{{user}}: Hi\n{{char}}: Hello',
  system_prompt: '',
  post_history_instructions: '',
  creator_notes: '',
  chat_style: 'dialogue',
  model: 'genla-8b',
  my_rating: null,
  cloned_from: null,
  voice_id: null,
  based_on: [],
  appearance: '',
  look: '',
  reference_image: null,
  ...over,
});

/** A 1x1 PNG: the picture of the imported cards. */
export const PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
