import { CHAT_TEXT_CLASSES } from '@lumi/contract';
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';

/**
 * Chat Markdown as React elements, from marked's lexer (CommonMark, no GFM: no tables, no
 * strike-through, no bare-URL links, as before with react-markdown). Nothing is ever set as HTML:
 * raw HTML shows as the text it is, images are dropped (no tracking pixels) and links keep only
 * safe protocols. Loaded after the chat's first paint (markdown.tsx).
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The lexer leaves entities as typed; `&amp;` reads as `&`, as Markdown means it. */
function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/** react-markdown's rule: relative links and http(s), mailto, irc(s) and xmpp only. */
export function safeHref(href: string): string | null {
  const colon = href.indexOf(':');
  const before = (c: string) => {
    const at = href.indexOf(c);
    return at !== -1 && colon > at;
  };
  if (colon === -1 || before('/') || before('?') || before('#')) return href;
  return SAFE_PROTOCOL.test(href.slice(0, colon)) ? href : null;
}

function inline(tokens: Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, i) => inlineToken(token, i));
}

function inlineToken(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'strong':
      return (
        <strong key={key} className={CHAT_TEXT_CLASSES.strong}>
          {inline((token as Tokens.Strong).tokens)}
        </strong>
      );
    case 'em':
      // Role-play *actions* read as narration: italic and a step quieter than speech.
      return (
        <em key={key} className={CHAT_TEXT_CLASSES.em}>
          {inline((token as Tokens.Em).tokens)}
        </em>
      );
    case 'codespan':
      return (
        <code key={key} className="bg-bg/50 rounded px-1 py-0.5 font-mono text-[0.85em]">
          {decode((token as Tokens.Codespan).text)}
        </code>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      if (href === null) return <span key={key}>{inline(link.tokens)}</span>;
      return (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="text-pink underline underline-offset-2"
        >
          {inline(link.tokens)}
        </a>
      );
    }
    case 'image':
      return null;
    case 'html':
      return token.raw;
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <Fragment key={key}>{inline(text.tokens)}</Fragment> : decode(text.text);
    }
    default:
      return 'raw' in token ? token.raw : null;
  }
}

/**
 * Blocks with a line break between them (and around them when `wrap`), as react-markdown wrote
 * them: the text reads and copies with its paragraphs apart.
 */
function blocks(tokens: Token[], wrap = false): ReactNode[] {
  const out: ReactNode[] = [];
  tokens.forEach((token, i) => {
    const node = block(token, i);
    if (node === null) return;
    if (out.length > 0 || wrap) out.push('\n');
    out.push(node);
  });
  if (wrap && out.length > 0) out.push('\n');
  return out;
}

function block(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'paragraph':
      return (
        <p key={key} className={CHAT_TEXT_CLASSES.p}>
          {inline((token as Tokens.Paragraph).tokens)}
        </p>
      );
    case 'heading':
      return (
        <p key={key} className="font-bold">
          {inline((token as Tokens.Heading).tokens)}
        </p>
      );
    case 'code':
      return (
        <pre
          key={key}
          dir="ltr"
          className="bg-bg/60 mt-2 overflow-x-auto rounded-lg p-3 text-xs leading-relaxed"
        >
          <code className="bg-bg/50 rounded px-1 py-0.5 font-mono text-[0.85em]">
            {`${(token as Tokens.Code).text}\n`}
          </code>
        </pre>
      );
    case 'blockquote':
      return (
        <blockquote key={key} className="border-line text-muted mt-2 border-s-2 ps-3">
          {blocks((token as Tokens.Blockquote).tokens, true)}
        </blockquote>
      );
    case 'list': {
      const list = token as Tokens.List;
      const items = blocks(
        list.items.map((item) => ({ ...item, type: 'list_item' })),
        true,
      );
      return list.ordered ? (
        <ol
          key={key}
          start={typeof list.start === 'number' && list.start !== 1 ? list.start : undefined}
          className="mt-2 list-decimal space-y-1 ps-5"
        >
          {items}
        </ol>
      ) : (
        <ul key={key} className="mt-2 list-disc space-y-1 ps-5">
          {items}
        </ul>
      );
    }
    case 'list_item': {
      const item = token as Tokens.ListItem;
      return (
        <li key={key} className="whitespace-pre-line">
          {blocks(item.tokens, item.loose)}
        </li>
      );
    }
    case 'hr':
      return <hr key={key} className="border-line my-3" />;
    case 'text': {
      // A tight list item's text.
      const text = token as Tokens.Text;
      return text.tokens ? <Fragment key={key}>{inline(text.tokens)}</Fragment> : decode(text.text);
    }
    case 'html':
      return (
        <p key={key} className={CHAT_TEXT_CLASSES.p}>
          {token.raw.trim()}
        </p>
      );
    case 'space':
    case 'def':
      return null;
    default:
      return 'raw' in token ? token.raw : null;
  }
}

export function renderMarkdown(text: string): ReactNode {
  return blocks(Lexer.lex(text, { gfm: false }));
}
