import { ErrorCode, parseCardJson, writePngCard } from '@lumi/contract';
import { strToU8, zipSync } from 'fflate';
import * as API from '@lumi/contract/api-routes/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { apiError, fakeApi } from '@/testing/api-mock';
import { DRAFT_KEY } from './draft';
import { EMPTY_VALUES, validateAll } from './form-model';
import { FORM_STATE_KEY, openCharacterForm } from './form-state';
import {
  PIXEL_PNG,
  click,
  created,
  detail,
  expectSameFile,
  fillEverything,
  modified,
  pickAvatar,
  publishConfirmed,
  renderPage,
  setupCreatePage,
  textbox,
  type,
} from './form-test-kit';
import { successKey } from './use-character-form';

vi.mock('@/lib/toast', () => ({ notify: vi.fn() }));
setupCreatePage();

describe('create character page', { timeout: 20_000 }, () => {
  it('checks the step on Continue: avatar and name are required', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Create character' })).toBeTruthy();
    click(/^Continue/);
    expect(screen.getByText('Please upload character avatar')).toBeTruthy();
    expect(screen.getByText('Please enter character name')).toBeTruthy();
    // Still on the first step, the first invalid field focused.
    expect(textbox(/^Name/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Avatar'));
    expect(created()).toHaveLength(0);
  });

  it('refuses an avatar that is not JPG, PNG or WEBP, or is over 10 MB', () => {
    renderPage();
    pickAvatar(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText('Please upload a JPG, PNG or WEBP image.')).toBeTruthy();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    pickAvatar(big);
    expect(screen.getByText('This image is too large. Please use one under 10 MB.')).toBeTruthy();
  });

  it('sends the look: the appearance typed and the reference picture (issue 22)', async () => {
    fakeApi(API.characterCreate, () => detail({ visibility: 'public', approval: 'approved' }));
    renderPage();
    fillEverything();
    click(/^Back/);
    click(/^Back/);
    type(/^Appearance/, 'Short black hair, green eyes.');
    const reference = new File(['reference-bytes'], 'ref.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('reference-input'), { target: { files: [reference] } });
    click(/^Continue/);
    click(/^Continue/);
    publishConfirmed();
    await waitFor(() => expect(created()).toHaveLength(1));
    const form = created()[0]!;
    expect(form.fields.appearance).toBe('Short black hair, green eyes.');
    expect(Object.keys(form.files).sort()).toEqual(['head', 'reference']);
    await expectSameFile(form.files.reference, reference);
  });

  it('publishes the multipart form and goes to My Characters', async () => {
    fakeApi(API.characterCreate, () => detail({ visibility: 'public', approval: 'approved' }));
    const router = renderPage();
    const avatar = fillEverything();
    click(/^Back/);
    click(/^Add a greeting/);
    type(/^Greeting 1$/, 'Welcome back.');
    click(/^Continue/);
    publishConfirmed();

    await waitFor(() => expect(created()).toHaveLength(1));
    const form = created()[0]!;
    // One file, the avatar: no card.
    expect(Object.keys(form.files)).toEqual(['head']);
    await expectSameFile(form.files.head, avatar);
    expect(form.fields.id).toBeUndefined();
    expect(form.fields.clone_from).toBeUndefined();
    expect(form.fields).toEqual({
      name: 'Luna',
      desc: 'A barista who writes poems.',
      appearance: '',
      personality: 'Warm, witty, shy.',
      first_message: 'Oh, you are here!',
      alternate_greetings: JSON.stringify(['Welcome back.']),
      scenario: '',
      example_dialogue: '',
      chat_style: 'story',
      model: 'nela-8b',
      category: 'realistic',
      gender: 'Female',
      NSFW: '0',
      visibility: 'public',
      tag: 'Romantic,Fantasy',
    });
    await waitFor(() => expect(router.pathname).toBe('/my-Characters-list'));
    expect(notify).toHaveBeenCalledWith('success', 'Your character has been published!');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('asks before publishing: Escape and Keep editing send nothing and give the focus back', async () => {
    fakeApi(API.characterCreate, () => detail({ visibility: 'public', approval: 'pending' }));
    const router = renderPage();
    fillEverything();
    const publish = screen.getByRole('button', { name: /^Publish/ });
    publish.focus();
    click(/^Publish/);
    let dialog = screen.getByRole('dialog', { name: 'Publish \u2068Luna\u2069?' });
    expect(dialog.textContent).toContain('Public characters appear in the community');
    expect(dialog.textContent).toContain('Every character must be an adult (18+)');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Publish/ }));

    click(/^Publish/);
    dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created()).toHaveLength(0);

    // Confirmed: sent, and a public character waiting for review is said to be sent for review.
    publishConfirmed();
    await waitFor(() => expect(router.pathname).toBe('/my-Characters-list'));
    expect(created()).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith(
      'success',
      "Your character has been sent for review. It will appear in the community once it's approved.",
    );
    expect(notify).not.toHaveBeenCalledWith('success', 'Your character has been published!');
  });

  it('says what the saved character became', () => {
    expect(successKey('create', { visibility: 'public', approval: 'approved' })).toBe('created');
    expect(successKey('clone', { visibility: 'public', approval: 'pending' })).toBe('sentForReview');
    expect(successKey('create', { visibility: 'private', approval: 'pending' })).toBe('createdPrivate');
    expect(successKey('edit', { visibility: 'public', approval: 'pending' })).toBe('updatedForReview');
    expect(successKey('edit', { visibility: 'private', approval: 'pending' })).toBe('updated');
  });

  it('checks every step passed over and stops at the first with an error', () => {
    renderPage();
    fillEverything();
    // Back to the first step through the step indicator, break the name, then jump to the last.
    click(/Basics$/);
    type(/^Name/, '   ');
    click(/Conversation$/);
    expect(screen.getByText('Please enter character name')).toBeTruthy();
    expect(document.activeElement).toBe(textbox(/^Name/));
    type(/^Name/, 'Luna');
    click(/Personality$/);
    // Personality is optional (issue 21): an empty one moves on.
    type(/^Personality/, '');
    click(/^Continue/);
    expect(screen.queryByText("Please enter the character's personality")).toBeNull();
    type(/^Greeting \(first message\)/, '');
    click(/^Continue/);
    expect(screen.getByText('Please fill in the greeting field on the left')).toBeTruthy();
    expect(created()).toHaveLength(0);
  });

  it('on Publish, names the first step with an error', () => {
    const values = { ...EMPTY_VALUES, name: 'Luna', personality: 'Calm.', firstMessage: 'Hi' };
    expect(validateAll(values, true)).toEqual({ errors: { desc: { key: 'descRequired' } }, first: 1 });
    expect(validateAll({ ...values, desc: 'x'.repeat(1001) }, false)).toEqual({
      errors: { avatar: { key: 'avatarRequired' }, desc: { key: 'tooLong', max: 1000 } },
      first: 0,
    });
  });

  it("shows the server's message near Publish on a business error", async () => {
    const message =
      'This character is for adults. Turn on adult content in your profile settings to continue.';
    fakeApi(API.characterCreate, () => apiError(ErrorCode.NSFW_REQUIRED, message));
    const router = renderPage();
    fillEverything();
    publishConfirmed();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(message));
    expect(screen.getByRole('link', { name: 'Open profile settings' })).toBeTruthy();
    expect(router.pathname).toBe('/free-ai-create-character');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Publish/ }).disabled).toBe(false);
  });

  it('keeps a draft of a new character across a reload', () => {
    renderPage();
    type(/^Name/, 'Draft name');
    cleanup();
    renderPage();
    expect((textbox(/^Name/) as HTMLInputElement).value).toBe('Draft name');
    expect(screen.getByText('We restored the draft you were working on.')).toBeTruthy();
  });

  it('edits the character stored in formState: prefilled, no avatar needed, sends id', async () => {
    sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(detail()));
    fakeApi(API.characterModify, () => detail());
    fakeApi(API.characterBook, () => ({ character_book: null }));
    renderPage('/free-ai-create-character?type=edit');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit character' })).toBeTruthy();
    expect(screen.queryByTestId('clone-notice')).toBeNull();
    expect((textbox(/^Name/) as HTMLInputElement).value).toBe('Mira');
    click(/^Continue/);
    expect((textbox(/^Tags/) as HTMLInputElement).value).toBe('Fantasy, Anime');
    click(/^Continue/);
    expect((textbox(/^Greeting 1$/) as HTMLTextAreaElement).value).toBe('Well met.');
    click(/^Continue/);
    publishConfirmed();
    await waitFor(() => expect(modified()).toHaveLength(1));
    const { fields, files } = modified()[0]!;
    expect(fields.id).toBe('42');
    expect(files).toEqual({});
    expect(fields.clone_from).toBeUndefined();
    expect(fields.visibility).toBe('private');
    expect(fields.category).toBe('anime');
    expect(fields.chat_style).toBe('dialogue');
    expect(fields.model).toBe('genla-8b');
    expect(fields.alternate_greetings).toBe('["Well met."]');
    // The book was not touched: the character keeps its own.
    expect(fields.character_book).toBeUndefined();
    expect(created()).toHaveLength(0);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Your changes have been saved.'));
    expect(sessionStorage.getItem(FORM_STATE_KEY)).toBeNull();
  });

  it('clones with clone_from and the name as it was', async () => {
    sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(detail()));
    fakeApi(API.characterCreate, () => detail({ id: 43 }));
    fakeApi(API.characterBook, () => ({ character_book: null }));
    renderPage('/free-ai-create-character?type=clone');
    expect(screen.getByRole('heading', { level: 1, name: 'Clone character' })).toBeTruthy();
    // It says whose character this version comes from, the name isolated for right-to-left text.
    expect(screen.getByTestId('clone-notice').textContent).toBe(
      "You're making your own version of \u2068Mira\u2069. Its page will say which character it's based on and who created the original.",
    );
    click(/^Continue/);
    click(/^Continue/);
    click(/^Continue/);
    publishConfirmed();
    await waitFor(() => expect(created()).toHaveLength(1));
    const { fields } = created()[0]!;
    expect(fields.clone_from).toBe('42');
    expect(fields.id).toBeUndefined();
    expect(fields.name).toBe('Mira');
  });

  it('fills empty fields from an imported card and sends the card', async () => {
    fakeApi(API.characterCreate, () => detail());
    renderPage();
    type(/^Name/, 'My own name');
    const card = new File(
      [
        JSON.stringify({
          spec: 'chara_card_v2',
          spec_version: '2.0',
          data: {
            name: 'Card name',
            description: 'From the card.',
            personality: 'Bold.',
            first_mes: 'Hello from the card.',
            alternate_greetings: ['Hi again.'],
            tags: ['Drama'],
            character_book: { entries: [] },
          },
        }),
      ],
      'card.json',
      { type: 'application/json' },
    );
    fireEvent.change(screen.getByLabelText(/^Choose card/), { target: { files: [card] } });
    expect(await screen.findByText(/Imported “\u2068Card name\u2069”/)).toBeTruthy();
    expect((textbox(/^Name/) as HTMLInputElement).value).toBe('My own name');
    pickAvatar();
    click(/^Continue/);
    expect((textbox(/^Description/) as HTMLTextAreaElement).value).toBe('From the card.');
    click(/^Continue/);
    click(/^Continue/);
    publishConfirmed();
    await waitFor(() => expect(created()).toHaveLength(1));
    const { fields, files } = created()[0]!;
    await expectSameFile(files.card, card);
    expect(fields.first_message).toBe('Hello from the card.');
    expect(fields.alternate_greetings).toBe('["Hi again."]');
    expect(fields.tag).toBe('Drama');
    // The card's (empty) book as the card wrote it: the server reads it from the card.
    expect(fields.character_book).toBeUndefined();
  });

  /** A PNG card and a CHARX file (issue 21), each bringing the 1x1 picture. */
  const pictureCards: [string, () => File][] = [
    [
      'a PNG card',
      () =>
        new File(
          [
            new Uint8Array(
              writePngCard(
                PIXEL_PNG,
                parseCardJson({ name: 'Pixel', description: 'Tiny.', personality: '', first_mes: 'Hi!' }),
              ),
            ),
          ],
          'pixel.png',
          { type: 'image/png' },
        ),
    ],
    [
      'a CHARX card, its icon',
      () => {
        const v3 = {
          spec: 'chara_card_v3',
          spec_version: '3.0',
          data: {
            name: 'Pixel',
            description: 'Tiny.',
            personality: '',
            first_mes: 'Hi!',
            assets: [
              { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
            ],
          },
        };
        const zip = zipSync({
          'card.json': strToU8(JSON.stringify(v3)),
          'assets/icon/images/main.png': PIXEL_PNG,
        });
        return new File([zip], 'pixel.charx', { type: 'application/zip' });
      },
    ],
  ];

  it.each(pictureCards)('uses the picture of %s as the avatar when none is chosen', async (_, make) => {
    fakeApi(API.characterCreate, () => detail());
    renderPage();
    const card = make();
    fireEvent.change(screen.getByLabelText(/^Choose card/), { target: { files: [card] } });
    expect(await screen.findByText('Using the picture of the imported card.')).toBeTruthy();
    expect(textbox(/^Name/)).toHaveProperty('value', 'Pixel');
    click(/^Continue/);
    click(/^Continue/);
    click(/^Continue/);
    publishConfirmed();
    await waitFor(() => expect(created()).toHaveLength(1));
    const { fields, files } = created()[0]!;
    expect(Object.keys(files)).toEqual(['card']);
    await expectSameFile(files.card, card);
    expect(fields.name).toBe('Pixel');
    expect(fields.personality).toBe('');
  });
});

describe('openCharacterForm', () => {
  it('stores the character as formState and opens the form with the type', () => {
    const navigate = vi.fn();
    openCharacterForm(navigate, 'ja', detail(), 'clone');
    expect(JSON.parse(sessionStorage.getItem(FORM_STATE_KEY)!)).toMatchObject({ id: 42, name: 'Mira' });
    expect(navigate).toHaveBeenCalledWith('/ja/free-ai-create-character?type=clone');
  });
});
