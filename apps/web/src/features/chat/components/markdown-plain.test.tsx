import fs from 'node:fs';
import path from 'node:path';
import { plainChatHtml, plainChatParagraphs } from '@lumi/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderPlain } from './markdown';
import { renderMarkdown } from './markdown-render';

/** HTML as the browser would hold it: both sides parsed, so escaping style does not count. */
const normal = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.innerHTML;
};
const byMarked = (text: string) => normal(renderToStaticMarkup(<>{renderMarkdown(text)}</>));

/**
 * The contract's plain reading must draw exactly what marked draws, on the web (React) and on
 * the server (HTML): a message it accepts is never shown differently for skipping the library,
 * and the server's greeting is the app's to the pixel. Whatever it is unsure of it refuses.
 */
function expectSameAsMarked(text: string): boolean {
  const plain = plainChatParagraphs(text);
  if (!plain) return false;
  const expected = byMarked(text);
  expect(normal(renderToStaticMarkup(<>{renderPlain(plain)}</>)), JSON.stringify(text)).toBe(expected);
  expect(normal(plainChatHtml(plain)), JSON.stringify(text)).toBe(expected);
  return true;
}

const SEEDS = path.resolve(import.meta.dirname, '../../../../../server/seed/characters');

describe('plain chat text (drawn without the Markdown library)', () => {
  it('draws paragraphs, *actions* and **bold** as marked does', () => {
    for (const text of [
      'Hello there.',
      '*waves* Hi!\nWelcome.\n\n**Listen** closely.',
      'She said "*no*," twice.',
      'a*b*c and x**y**z',
      '*"Quoted action."* Then speech — “curly”, ‘single’.',
      'Привет, *путник*.\n\nمرحبا *بك*',
      '漢字*強調*テキスト。',
      'Line one\nline two\n\n\n\nafter three blank lines',
      '\n\nLeading and trailing blank lines\n\n',
      'Price: 5 times 3? No: 3 times 5.',
      'Emoji 😀 *wink* 😉',
    ]) {
      expect(expectSameAsMarked(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('leaves everything else to the full renderer', () => {
    for (const text of [
      '- a list',
      '1. ordered',
      '# heading',
      '> quote',
      '`code`',
      '    indented code',
      'a [link](https://example.com)',
      '<b>html</b>',
      'AT&amp;T',
      'snake_case and _underscored_',
      'escaped \\*star\\*',
      'hard  \nbreak',
      'Title\n===',
      'Title\n---',
      '***',
      '* * *',
      '***both***',
      '5 * 3 = 15',
      '*unclosed',
      '* starts a list',
      '**a* b*',
      'tab\there',
    ]) {
      expect(plainChatParagraphs(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("reads the seeded characters' greetings as marked does, and most without it", () => {
    const greetings = fs
      .readdirSync(SEEDS)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) =>
        (
          JSON.parse(fs.readFileSync(path.join(SEEDS, f), 'utf8')) as {
            first_message: string;
            alternate_greetings?: string[];
          }[]
        ).flatMap((c) => [c.first_message, ...(c.alternate_greetings ?? [])]),
      );
    expect(greetings.length).toBeGreaterThan(300);
    const plain = greetings.filter(expectSameAsMarked).length;
    expect(plain / greetings.length).toBeGreaterThan(0.9);
    // 300 greetings through both renderers: seconds on a busy two-core machine.
  }, 30_000);

  it('agrees with marked on 20,000 random texts made of what emphasis depends on', () => {
    const pieces = [
      'a',
      'b',
      'word',
      ' ',
      ' ',
      '*',
      '*',
      '**',
      '\n',
      '\n\n',
      '"',
      "'",
      '.',
      ',',
      '!',
      '?',
      ':',
      '(',
      ')',
      '—',
      '“',
      '”',
      '…',
      'é',
      '漢',
      '😀',
      '1',
      '\u00a0',
      '$',
      '+',
      '=',
      '#',
      '>',
      '~',
      '-',
    ];
    // A fixed seed: a failure names its text and happens again.
    let seed = 19;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let accepted = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const length = 1 + Math.floor(random() * 14);
      let text = '';
      for (let i = 0; i < length; i += 1) text += pieces[Math.floor(random() * pieces.length)];
      if (expectSameAsMarked(text)) accepted += 1;
    }
    // The comparison means something only if many texts take the plain path.
    expect(accepted).toBeGreaterThan(4_000);
    // 20,000 renders by both: seconds on a busy two-core machine.
  }, 30_000);
});
