import { ErrorCode, LOREBOOK_LIMITS, type Lorebook } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/api-mock';
import { FORM_STATE_KEY } from './form-state';
import {
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

vi.mock('@/lib/toast', () => ({ notify: vi.fn() }));
setupCreatePage();

/** A book as SillyTavern writes it into a V2 card: ids, extensions, keys of its own. */
const cardBook = (): Lorebook => ({
  name: 'Eldoria',
  scan_depth: 6,
  extensions: { world: 'Eldoria' },
  entries: [
    {
      id: 0,
      keys: ['Eldoria', 'river kingdom'],
      comment: 'The kingdom',
      content: 'Eldoria is a river kingdom ruled by a council of healers.',
      insertion_order: 10,
      enabled: true,
      position: 'before_char',
      use_regex: true,
      extensions: { position: 0, display_index: 0, probability: 100, group: 'places' },
    },
    {
      id: 1,
      keys: ['vow'],
      secondary_keys: ['healer'],
      selective: true,
      comment: 'The healer’s vow',
      content: 'A healer’s vow forbids taking a life.',
      insertion_order: 20,
      enabled: true,
      extensions: { selectiveLogic: 0, display_index: 1 },
    },
    {
      id: 2,
      keys: ['tavern'],
      comment: 'The tavern',
      content: 'The Drowned Lantern is the only tavern on the river.',
      insertion_order: 30,
      enabled: true,
      extensions: {},
    },
  ],
});

const cardFile = (book: unknown) =>
  new File(
    [
      JSON.stringify({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: {
          name: 'Aelin',
          description: 'A young healer sworn to the river.',
          personality: 'Gentle.',
          first_mes: 'The ferry is waiting.',
          tags: [],
          extensions: {},
          character_book: book,
        },
      }),
    ],
    'aelin.json',
    { type: 'application/json' },
  );

const importCard = async (file: File) => {
  fireEvent.change(screen.getByLabelText(/^Choose card/), { target: { files: [file] } });
  await screen.findByText(/Imported “\u2068Aelin\u2069”/);
};

const entries = () => screen.queryAllByTestId('lore-entry');
/** The entry whose header names it, opened if it is closed. */
function openEntry(name: string) {
  const entry = entries().find((e) => within(e).queryByText(name, { selector: 'bdi' }));
  if (!entry) throw new Error(`no entry ${name}`);
  const header = within(entry).getAllByRole('button', { expanded: false })[0];
  if (header) fireEvent.click(header);
  return entry;
}
const sentBook = (fields: Record<string, string>) =>
  fields.character_book === undefined ? undefined : (JSON.parse(fields.character_book) as Lorebook | null);

/** Goes through the steps of an imported card (name, description and greeting from it). */
function toLorebookStep() {
  click(/^Continue/);
  click(/^Continue/);
  click(/^Continue/);
  expect(screen.getByText('Lorebook', { selector: 'h2' })).toBeTruthy();
}

describe('the lorebook step', { timeout: 20_000 }, () => {
  it('writes a new entry with every option, and sends it as character_book', async () => {
    fakeApi(API.characterCreate, () => detail());
    renderPage();
    fillEverything();
    expect(screen.getByText('No entries yet')).toBeTruthy();
    click(/^Add an entry/);
    const [entry] = entries();
    if (!entry) throw new Error('no entry');
    const inEntry = within(entry);
    // The new entry opens with its name focused.
    expect(document.activeElement).toBe(inEntry.getByRole('textbox', { name: 'Name' }));
    fireEvent.change(inEntry.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'The Silver Library' },
    });
    const keys = inEntry.getByRole('textbox', { name: 'Keywords' });
    fireEvent.change(keys, { target: { value: 'library' } });
    fireEvent.keyDown(keys, { key: 'Enter' });
    // A comma adds too; a repeat is dropped.
    fireEvent.change(keys, { target: { value: 'librarian, library,' } });
    const removeButtons = inEntry.getAllByRole('button', { name: /^Remove / });
    expect(removeButtons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Remove library',
      'Remove librarian',
      'Remove entry',
    ]);
    fireEvent.change(inEntry.getByRole('textbox', { name: /^What your character knows/ }), {
      target: { value: 'The Silver Library lies beneath the old bridge.' },
    });
    expect(inEntry.getByTestId('lore-tokens').textContent).toBe('≈ 12 tokens');
    fireEvent.click(inEntry.getByRole('switch', { name: 'Always on' }));

    // The folded options.
    fireEvent.click(inEntry.getByText('More options'));
    const secondary = inEntry.getByRole('textbox', { name: 'Secondary keywords' });
    fireEvent.change(secondary, { target: { value: 'guild' } });
    fireEvent.keyDown(secondary, { key: 'Enter' });
    fireEvent.click(inEntry.getByRole('radio', { name: 'None of them comes up' }));
    fireEvent.click(inEntry.getByRole('switch', { name: 'Match case' }));
    fireEvent.click(inEntry.getByRole('switch', { name: 'Whole words only' }));
    fireEvent.click(inEntry.getByRole('radio', { name: 'After the character' }));
    fireEvent.change(inEntry.getByRole('textbox', { name: 'Insertion order' }), { target: { value: '7' } });

    // The book's settings.
    fireEvent.click(screen.getByText('Lorebook settings'));
    type('Scan depth', '2');
    type('Token budget', '600');
    fireEvent.click(screen.getByRole('switch', { name: 'Recursive scanning' }));

    publishConfirmed();
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(sentBook(created()[0]!.fields)).toEqual({
      entries: [
        {
          keys: ['library', 'librarian'],
          secondary_keys: ['guild'],
          selective: true,
          content: 'The Silver Library lies beneath the old bridge.',
          comment: 'The Silver Library',
          enabled: true,
          constant: true,
          case_sensitive: true,
          insertion_order: 7,
          position: 'after_char',
          extensions: { selectiveLogic: 2, match_whole_words: true },
        },
      ],
      extensions: {},
      scan_depth: 2,
      token_budget: 600,
      recursive_scanning: true,
    });
  });

  it('shows an imported card’s entries, and keeps what it has no field for through the edits', async () => {
    fakeApi(API.characterCreate, () => detail());
    renderPage();
    const file = cardFile(cardBook());
    await importCard(file);
    pickAvatar();
    toLorebookStep();
    expect(entries()).toHaveLength(3);
    expect(
      entries().map((e) => within(e).getAllByText(/^The /, { selector: 'bdi' })[0]?.textContent),
    ).toEqual(['The kingdom', 'The healer’s vow', 'The tavern']);
    // Keywords shown on the closed entry.
    expect(within(entries()[0]!).getByText('river kingdom')).toBeTruthy();

    // Edit the first one's keys and content, switch the second off, remove the third.
    const kingdom = openEntry('The kingdom');
    fireEvent.click(within(kingdom).getByRole('button', { name: 'Remove river kingdom' }));
    const keys = within(kingdom).getByRole('textbox', { name: 'Keywords' });
    fireEvent.change(keys, { target: { value: 'Eldorian' } });
    fireEvent.blur(keys);
    fireEvent.change(within(kingdom).getByRole('textbox', { name: /^What your character knows/ }), {
      target: { value: 'Eldoria is ruled by the healers’ council since the flood.' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Use \u2068The healer’s vow\u2069' }));
    const tavern = openEntry('The tavern');
    fireEvent.click(within(tavern).getByRole('button', { name: 'Remove entry' }));
    expect(entries()).toHaveLength(2);

    publishConfirmed();
    await waitFor(() => expect(created()).toHaveLength(1));
    const { fields, files } = created()[0]!;
    await expectSameFile(files.card, file);
    const [first, second] = cardBook().entries;
    expect(sentBook(fields)).toEqual({
      ...cardBook(),
      entries: [
        {
          ...first,
          keys: ['Eldoria', 'Eldorian'],
          content: 'Eldoria is ruled by the healers’ council since the flood.',
        },
        { ...second, enabled: false },
      ],
    });
  });

  it('sends nothing for a card’s book left as it was: the server reads the card', async () => {
    fakeApi(API.characterCreate, () => detail());
    renderPage();
    await importCard(cardFile(cardBook()));
    pickAvatar();
    toLorebookStep();
    publishConfirmed();
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(created()[0]!.fields.character_book).toBeUndefined();
  });

  it('edits the stored book of an edit: sends the change, and null when every entry goes', async () => {
    sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(detail()));
    fakeApi(API.characterBook, () => ({ character_book: cardBook() }));
    fakeApi(API.characterModify, () => detail());
    renderPage('/free-ai-create-character?type=edit');
    fireEvent.click(screen.getByTestId('step-lorebook'));
    await waitFor(() => expect(entries()).toHaveLength(3));
    const tavern = openEntry('The tavern');
    fireEvent.change(within(tavern).getByRole('textbox', { name: /^What your character knows/ }), {
      target: { value: 'The Drowned Lantern burned down last winter.' },
    });
    publishConfirmed();
    await waitFor(() => expect(modified()).toHaveLength(1));
    const book = cardBook();
    book.entries[2] = { ...book.entries[2]!, content: 'The Drowned Lantern burned down last winter.' };
    expect(sentBook(modified()[0]!.fields)).toEqual(book);
    cleanup();

    // A plain book emptied is no book.
    sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(detail()));
    fakeApi(API.characterBook, () => ({ character_book: { entries: cardBook().entries, extensions: {} } }));
    renderPage('/free-ai-create-character?type=edit');
    fireEvent.click(screen.getByTestId('step-lorebook'));
    await waitFor(() => expect(entries()).toHaveLength(3));
    for (const name of ['The kingdom', 'The healer’s vow', 'The tavern']) {
      const entry = openEntry(name);
      fireEvent.click(within(entry).getByRole('button', { name: 'Remove entry' }));
    }
    expect(screen.getByText('No entries yet')).toBeTruthy();
    publishConfirmed();
    await waitFor(() => expect(modified()).toHaveLength(2));
    expect(modified()[1]!.fields.character_book).toBe('null');
  });

  it('says when an edit’s book cannot be loaded, sends none, and loads it on Try again', async () => {
    sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(detail()));
    let fail = true;
    fakeApi(API.characterBook, () =>
      fail ? apiError(ErrorCode.SERVICE_BUSY, 'Service busy, retry later') : { character_book: cardBook() },
    );
    fakeApi(API.characterModify, () => detail());
    renderPage('/free-ai-create-character?type=edit');
    fireEvent.click(screen.getByTestId('step-lorebook'));
    expect(
      await screen.findByText(
        "We couldn't load this character's lorebook. If you save now, it stays as it was.",
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    publishConfirmed();
    await waitFor(() => expect(modified()).toHaveLength(1));
    expect(modified()[0]!.fields.character_book).toBeUndefined();
    cleanup();

    sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(detail()));
    renderPage('/free-ai-create-character?type=edit');
    fireEvent.click(screen.getByTestId('step-lorebook'));
    await screen.findByRole('button', { name: /^Try again/ }, { timeout: 8000 });
    fail = false;
    click(/^Try again/);
    await waitFor(() => expect(entries()).toHaveLength(3));
  });

  it('names what is over the limits, and Publish stops there', { timeout: 60_000 }, async () => {
    fakeApi(API.characterCreate, () => detail());
    renderPage();
    const many = {
      entries: [
        { ...cardBook().entries[0]!, content: 'x'.repeat(LOREBOOK_LIMITS.content + 1) },
        ...Array.from({ length: LOREBOOK_LIMITS.entries }, (_, i) => ({ keys: [`k${i}`], content: 'c' })),
      ],
    };
    await importCard(cardFile(many));
    pickAvatar();
    toLorebookStep();
    // (Text queries: role queries over 501 entries take seconds in jsdom.)
    const summary = () => document.getElementById('cc-lorebook');
    expect(summary()?.textContent).toBe(
      `A lorebook holds at most ${LOREBOOK_LIMITS.entries} entries. Please remove some.`,
    );
    // The entry over its length is open and says so.
    const first = entries()[0]!;
    expect(
      within(first).getByText(`Please keep this under ${LOREBOOK_LIMITS.content} characters.`),
    ).toBeTruthy();
    expect(screen.getByText<HTMLButtonElement>('Add an entry', { selector: 'button' }).disabled).toBe(true);
    const publish = () => fireEvent.click(screen.getByText('Publish', { selector: 'button' }));
    publish();
    expect(screen.queryByTestId('publish-confirm')).toBeNull();
    expect(created()).toHaveLength(0);

    // Fixed: shorter content, one entry fewer.
    fireEvent.change(within(first).getByRole('textbox', { name: /^What your character knows/ }), {
      target: { value: 'Short now.' },
    });
    fireEvent.click(within(first).getByRole('button', { name: 'Remove entry' }));
    expect(summary()).toBeNull();
    publish();
    fireEvent.click(screen.getByTestId('publish-confirm'));
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(sentBook(created()[0]!.fields)?.entries).toHaveLength(LOREBOOK_LIMITS.entries);
  });

  it('keeps Enter in the step’s fields from sending the form, and Backspace takes a keyword back', () => {
    renderPage();
    fillEverything();
    click(/^Add an entry/);
    const keys = textbox('Keywords');
    fireEvent.change(keys, { target: { value: 'moon' } });
    fireEvent.keyDown(keys, { key: 'Enter' });
    // The key press is taken (a form's Enter would publish): not let through.
    expect(fireEvent.keyDown(textbox('Name'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(textbox('Name'), { key: 'a' })).toBe(true);
    fireEvent.keyDown(keys, { key: 'Backspace' });
    expect((keys as HTMLInputElement).value).toBe('moon');
    expect(screen.queryByRole('button', { name: 'Remove moon' })).toBeNull();
  });
});
