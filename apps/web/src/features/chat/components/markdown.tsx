import { CHAT_TEXT_CLASSES, plainChatParagraphs, type TextRun } from '@lumi/contract';
import { memo, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';

type Render = (text: string) => ReactNode;

/**
 * Most messages are plain (paragraphs, *actions*, **bold**): the contract reads those exactly as
 * the Markdown library would, and they are drawn here without it. The library (marked's lexer
 * and the elements, about 15 KB compressed, some 30 ms of a phone's main thread to start) is
 * fetched only when a message needs more, or when the visitor sends one (a reply may); until it
 * is here such a message shows as plain text with its line breaks.
 */
let render: Render | null = null;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Starts fetching the full renderer (once). */
export function preloadMarkdown(): void {
  loading ??= import('./markdown-render')
    .then((m) => {
      render = m.renderMarkdown;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      loading = undefined;
    });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function runs(paragraph: TextRun[]): ReactNode[] {
  return paragraph.map((run, i) =>
    run.style === 'em' ? (
      <em key={i} className={CHAT_TEXT_CLASSES.em}>
        {run.text}
      </em>
    ) : run.style === 'strong' ? (
      <strong key={i} className={CHAT_TEXT_CLASSES.strong}>
        {run.text}
      </strong>
    ) : (
      run.text
    ),
  );
}

/** Plain paragraphs as the full renderer draws them: a line break between the blocks. */
export function renderPlain(paragraphs: TextRun[][]): ReactNode[] {
  return paragraphs.flatMap((paragraph, i) => [
    ...(i > 0 ? ['\n'] : []),
    <p key={i} className={CHAT_TEXT_CLASSES.p}>
      {runs(paragraph)}
    </p>,
  ]);
}

/** Markdown of a chat message, rendered safely (no HTML, no images, safe links only). */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const plain = useMemo(() => plainChatParagraphs(text), [text]);
  const renderer = useSyncExternalStore(subscribe, () => render);
  useEffect(() => {
    if (!plain) preloadMarkdown();
  }, [plain]);
  if (plain) return <>{renderPlain(plain)}</>;
  if (!renderer) return <p className="whitespace-pre-line">{text}</p>;
  return <>{renderer(text)}</>;
});
