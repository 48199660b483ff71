import { CHIPS, LOCALE_CODES, type Locale } from '@lumi/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nLanguage } from '@/lib/i18n';
import { loadLocaleFile } from '../../../locales/locale-files';
import { useChipTag } from '../hooks/use-tag-label';
import { TagsField } from './tags-field';

afterEach(cleanup);

const TAGS = CHIPS.flatMap((c) => (c.filter.kind === 'tag' ? [c.filter.tag] : []));
const json = (locale: Locale, ns: string) =>
  Object.fromEntries(loadLocaleFile(locale, `${ns}.json`)) as Record<string, string>;
/** The home chips' name of a tag in the locale (characters.json `chips.names`). */
const chipName = (locale: Locale, tag: string) => json(locale, 'characters')[`chips.names.${tag}`];

async function i18nIn(locale: Locale) {
  const lng = i18nLanguage(locale);
  const i18n = i18next.createInstance();
  const read = (ns: string) => {
    const tree: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(json(locale, ns))) {
      const parts = key.split('.');
      let node = tree;
      for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[parts.at(-1) ?? ''] = value;
    }
    return tree;
  };
  await i18n.use(initReactI18next).init({
    lng,
    resources: { [lng]: { common: read('common'), characters: read('characters'), create: read('create') } },
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

function Field({ sent }: { sent: (tags: string[]) => void }) {
  const [value, setValue] = useState('');
  const chipTag = useChipTag();
  return (
    <>
      <TagsField value={value} error={undefined} onChange={setValue} />
      <button type="button" onClick={() => sent(value.split(',').map((t) => chipTag(t)))}>
        send
      </button>
    </>
  );
}

describe('the create form tag suggestions (issue 24)', () => {
  it.each(LOCALE_CODES)(
    '%s: are the home chips’ names, and a picked one is sent as its tag',
    async (locale) => {
      const i18n = await i18nIn(locale);
      let tags: string[] = [];
      render(
        <I18nextProvider i18n={i18n}>
          <Field sent={(t) => (tags = t)} />
        </I18nextProvider>,
      );
      const list = screen.getByRole('list');
      const labels = within(list)
        .getAllByRole('button')
        .map((b) => b.textContent);
      expect(labels).toEqual(TAGS.map((tag) => chipName(locale, tag)));
      if (locale !== 'en')
        expect(labels.filter((l, i) => l !== TAGS[i]).length).toBeGreaterThan(TAGS.length / 2);
      const romantic = chipName(locale, 'Romantic') ?? '';
      fireEvent.click(within(list).getByRole('button', { name: romantic }));
      expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe(romantic);
      expect(within(list).getByRole('button', { name: romantic }).getAttribute('aria-pressed')).toBe('true');
      fireEvent.change(screen.getByRole('textbox'), {
        target: { value: `${romantic}, Fantasy, my own tag` },
      });
      expect(
        within(list)
          .getByRole('button', { name: chipName(locale, 'Fantasy') })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: 'send' }));
      expect(tags).toEqual(['Romantic', 'Fantasy', 'my own tag']);
    },
  );

  it.each(LOCALE_CODES)('%s: the placeholder is written in the chips’ words', (locale) => {
    const placeholder = json(locale, 'create')['fields.tags.placeholder'];
    expect(placeholder).toBe(
      ['Romantic', 'Fantasy', 'Mature'].map((tag) => chipName(locale, tag)).join(', '),
    );
  });
});
