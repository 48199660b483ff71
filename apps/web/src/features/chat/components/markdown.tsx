import { memo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

/**
 * What untrusted text (model replies, card greetings) may become. Raw HTML is never rendered:
 * react-markdown turns it into plain text, and URLs pass its safe-protocol filter. Images are
 * left out so a reply cannot load a tracking pixel.
 */
const ALLOWED = [
  'p',
  'em',
  'strong',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
];

const heading = ({ children }: { children?: ReactNode }) => <p className="font-bold">{children}</p>;

const COMPONENTS: Components = {
  // Role-play *actions* read as narration: italic and a step quieter than speech.
  em: ({ children }) => <em className="text-muted italic">{children}</em>,
  strong: ({ children }) => <strong className="text-fg font-semibold">{children}</strong>,
  p: ({ children }) => <p className="whitespace-pre-line [&:not(:first-child)]:mt-2">{children}</p>,
  a: ({ href, children }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="text-pink underline underline-offset-2"
    >
      {children}
    </a>
  ),
  ul: ({ children }) => <ul className="mt-2 list-disc space-y-1 ps-5">{children}</ul>,
  ol: ({ children }) => <ol className="mt-2 list-decimal space-y-1 ps-5">{children}</ol>,
  li: ({ children }) => <li className="whitespace-pre-line">{children}</li>,
  blockquote: ({ children }) => (
    <blockquote className="border-line text-muted mt-2 border-s-2 ps-3">{children}</blockquote>
  ),
  pre: ({ children }) => (
    <pre dir="ltr" className="bg-bg/60 mt-2 overflow-x-auto rounded-lg p-3 text-xs leading-relaxed">
      {children}
    </pre>
  ),
  code: ({ children }) => (
    <code className="bg-bg/50 rounded px-1 py-0.5 font-mono text-[0.85em]">{children}</code>
  ),
  hr: () => <hr className="border-line my-3" />,
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
};

/** Markdown of a chat message, rendered safely (no HTML, no images, safe links only). */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <ReactMarkdown allowedElements={ALLOWED} unwrapDisallowed components={COMPONENTS}>
      {text}
    </ReactMarkdown>
  );
});
