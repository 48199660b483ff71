import { escapeHtml } from './html';

/**
 * Most chat messages are Markdown at its plainest: paragraphs, *actions* in italics and
 * **words** in bold. Those are read here, in a few microseconds and without the Markdown
 * library, exactly as the library (marked, CommonMark) reads them: the server draws a greeting
 * with it before any script runs, and the web draws such messages without loading the library
 * at all. Anything else (lists, code, links, headings, quotes, escapes, underscores, HTML)
 * gives null, and the full renderer draws it.
 */

/** A stretch of a paragraph: as typed, in italics (`*action*`) or bold (`**word**`). */
export interface TextRun {
  text: string;
  style?: 'em' | 'strong';
}

/** Marked's (CommonMark's) punctuation and whitespace, which decide where `*` opens and closes. */
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;

/** Characters that may start inline syntax other than `*`: code, links, HTML, entities, escapes, `_`. */
const INLINE_SYNTAX = /[`[\]<&\\_]/;
/** Control whitespace whose handling differs between parsers: tabs, carriage returns, form feeds. */
const CONTROL_SPACE = /[\t\r\f\v\u2028\u2029]/;
/**
 * Line starts that make a block: headings, quotes, lists (`- `, `+ `, `* `, `1.`, `1)`),
 * thematic breaks and setext underlines (`---`, `===`, `***`), fences (`~~~`).
 */
const BLOCK_START = /^(?:[#>=+~-]|\*(?:\s|$)|\d{1,9}[.)])/;

const isSpace = (c: string | undefined) => c === undefined || WHITESPACE.test(c);
const isPunct = (c: string | undefined) => c !== undefined && PUNCTUATION.test(c);

/** CommonMark's left- and right-flanking rules for a delimiter run between `before` and `after`. */
function leftFlanking(before: string | undefined, after: string | undefined): boolean {
  return !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
}
function rightFlanking(before: string | undefined, after: string | undefined): boolean {
  return !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
}

/** One paragraph's runs, or null when its stars are anything but plain, paired emphasis. */
function paragraphRuns(paragraph: string): TextRun[] | null {
  const chars = Array.from(paragraph);
  const runs: TextRun[] = [];
  let text = '';
  let i = 0;
  while (i < chars.length) {
    if (chars[i] !== '*') {
      text += chars[i];
      i += 1;
      continue;
    }
    // An opening run of one or two stars...
    let length = 0;
    while (chars[i + length] === '*') length += 1;
    if (length > 2 || !leftFlanking(chars[i - 1], chars[i + length])) return null;
    // Marked sees only half of an emoji (or any character beyond 16 bits) before an opening run:
    // such texts are its to read.
    if ((chars[i - 1]?.length ?? 0) > 1) return null;
    // ...closed by the next run, of the same length, with no other star between.
    const start = i + length;
    let end = start;
    while (end < chars.length && chars[end] !== '*') end += 1;
    if (end === start || end === chars.length) return null;
    let closing = 0;
    while (chars[end + closing] === '*') closing += 1;
    if (closing !== length || !rightFlanking(chars[end - 1], chars[end + closing])) return null;
    if (text) runs.push({ text });
    text = '';
    runs.push({ text: chars.slice(start, end).join(''), style: length === 1 ? 'em' : 'strong' });
    i = end + closing;
  }
  if (text) runs.push({ text });
  return runs;
}

/**
 * The paragraphs of a plain chat message as runs, or null when it holds any Markdown beyond
 * paragraphs (split at blank lines, line breaks kept), `*em*` and `**strong**`.
 */
export function plainChatParagraphs(text: string): TextRun[][] | null {
  if (INLINE_SYNTAX.test(text) || CONTROL_SPACE.test(text)) return null;
  const paragraphs: TextRun[][] = [];
  let lines: string[] = [];
  const close = (): boolean => {
    if (lines.length === 0) return true;
    const runs = paragraphRuns(lines.join('\n'));
    lines = [];
    if (!runs) return false;
    paragraphs.push(runs);
    return true;
  };
  for (const line of text.split('\n')) {
    if (/^ *$/.test(line)) {
      if (!close()) return null;
      continue;
    }
    // Indents, trailing spaces (a hard break) and block syntax are the full renderer's.
    if (isSpace(line[0]) || isSpace(line.at(-1)) || BLOCK_START.test(line)) return null;
    lines.push(line);
  }
  if (!close()) return null;
  return paragraphs;
}

/** The classes the web's Markdown gives each element, shared so both sides draw the same. */
export const CHAT_TEXT_CLASSES = {
  p: 'whitespace-pre-line [&:not(:first-child)]:mt-2',
  em: 'text-muted italic',
  strong: 'text-fg font-semibold',
} as const;

/** Plain paragraphs as HTML, the same elements and classes the web draws (the server's prerender). */
export function plainChatHtml(paragraphs: TextRun[][]): string {
  return paragraphs
    .map(
      (runs) =>
        `<p class="${escapeHtml(CHAT_TEXT_CLASSES.p)}">${runs
          .map(({ text, style }) =>
            style
              ? `<${style} class="${CHAT_TEXT_CLASSES[style]}">${escapeHtml(text)}</${style}>`
              : escapeHtml(text),
          )
          .join('')}</p>`,
    )
    .join('\n');
}
