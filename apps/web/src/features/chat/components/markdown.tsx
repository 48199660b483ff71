import { memo, useSyncExternalStore, type ReactNode } from 'react';

type Render = (text: string) => ReactNode;

/**
 * The renderer (marked's lexer and the elements, about 15 KB compressed) is its own file, fetched
 * and compiled beside the chat's code rather than inside it, so the chat's first render does not
 * wait for it: until it is here a message shows as plain text with its line breaks.
 */
let render: Render | null = null;
const listeners = new Set<() => void>();
const loading = import('./markdown-render')
  .then((m) => {
    render = m.renderMarkdown;
    for (const listener of listeners) listener();
  })
  .catch(() => undefined);
void loading;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Markdown of a chat message, rendered safely (no HTML, no images, safe links only). */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const renderer = useSyncExternalStore(subscribe, () => render);
  if (!renderer) return <p className="whitespace-pre-line">{text}</p>;
  return <>{renderer(text)}</>;
});
