import { ShieldAlert } from 'lucide-react';

/**
 * In place of a reply stopped while it streamed: the server's words, as a note from the site
 * (centred, not in the character's bubble), so they are not read as the character's.
 */
export function RefusalNote({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="border-line bg-surface text-muted mx-auto flex max-w-md items-start gap-2 rounded-2xl border px-3.5 py-2.5 text-xs leading-relaxed"
      data-testid="reply-refused"
    >
      <ShieldAlert className="text-faint mt-px h-4 w-4 shrink-0" aria-hidden />
      <p>{text}</p>
    </div>
  );
}
