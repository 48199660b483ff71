import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES, type BasedOn } from '@lumi/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import chatAr from '@/locales/ar/chat.json';
import chatEn from '@/locales/en/chat.json';
import { localesDir } from '../../../locales/locale-files';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import { BasedOnLine } from './based-on';

const i18n = setupPageI18n({ chat: chatEn }, { ar: { chat: chatAr } });
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function show(chain: BasedOn[], url = '/free-ai-Characters-chat/9') {
  const router = memoryRouter(url, { '*': <BasedOnLine chain={chain} /> });
  render(<I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>);
  return router;
}

const line = () => screen.getByTestId('based-on');
const ada: BasedOn = { id: 7, name: 'Ada Original', creator: 'Alice Ames' };

describe('the "based on" line', () => {
  it('credits the source and its creator, and links to the source the server let the viewer open', () => {
    const router = show([ada]);
    expect(line().textContent).toBe('Based on Ada Original by Alice Ames');
    const link = screen.getByRole('link', { name: 'Ada Original' });
    expect(link.getAttribute('href')).toBe('/free-ai-Characters-chat/7');
    fireEvent.click(link);
    expect(router.pathname).toBe('/free-ai-Characters-chat/7');
    expect(screen.queryByTestId('based-on-original')).toBeNull();
  });

  it('credits without a link a source the viewer may not open, and without a name a hidden creator', () => {
    show([{ id: null, name: 'Lena Lumen', creator: '' }]);
    expect(line().textContent).toBe('Based on Lena Lumen');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the original too for a clone of a clone, and nothing for an original', () => {
    show([
      ada,
      { id: null, name: 'Middle', creator: 'Mo' },
      { id: 12, name: 'Ada, third take', creator: 'Carol' },
    ]);
    expect(line().querySelector('p')?.textContent).toBe('Based on Ada, third take by Carol');
    expect(screen.getByTestId('based-on-original').textContent).toBe('Original: Ada Original by Alice Ames');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/free-ai-Characters-chat/12',
      '/free-ai-Characters-chat/7',
    ]);
    cleanup();
    show([]);
    expect(screen.queryByTestId('based-on')).toBeNull();
  });

  it('reads in Arabic with the Latin names isolated, and links in the page’s language', async () => {
    await i18n.changeLanguage('ar');
    show([ada], '/ar/free-ai-Characters-chat/9');
    expect(line().textContent).toBe('مبنية على Ada Original من إنشاء Alice Ames');
    const link = screen.getByRole('link', { name: 'Ada Original' });
    expect(link.getAttribute('href')).toBe('/ar/free-ai-Characters-chat/7');
    // The name and the creator each keep their own direction inside the sentence.
    expect(link.getAttribute('dir')).toBe('auto');
    expect(screen.getByText('Alice Ames').tagName).toBe('BDI');
  });

  it.each(LOCALE_CODES)(
    '%s: the name is the link and the creator is isolated, in every sentence',
    async (locale) => {
      const file = path.join(localesDir, locale, 'chat.json');
      i18n.addResourceBundle(locale, 'chat', JSON.parse(fs.readFileSync(file, 'utf8')), true, true);
      await i18n.changeLanguage(locale);
      const chain: BasedOn[] = [ada, { id: 12, name: 'Bo', creator: '' }];
      show(chain);
      const links = screen.getAllByRole('link');
      expect(links.map((a) => a.textContent)).toEqual(['Bo', 'Ada Original']);
      const isolated = [...line().querySelectorAll('bdi')].map((b) => b.textContent);
      expect(isolated).toEqual(['Alice Ames']);
      // Each sentence has its own words around the names.
      for (const p of line().querySelectorAll('p')) {
        const own = [...p.querySelectorAll('a, bdi')].reduce(
          (t, el) => t.replace(el.textContent, ''),
          p.textContent,
        );
        expect(own).toMatch(/\p{L}/u);
      }
      cleanup();
      show([{ id: null, name: 'Cy', creator: 'Dee' }]);
      expect([...line().querySelectorAll('bdi')].map((b) => b.textContent).sort()).toEqual(['Cy', 'Dee']);
    },
  );
});
