import type { CharacterSummary } from '@lumi/contract';
import { Flag } from 'lucide-react';
import { ReportTrigger } from '@/components/report-trigger';
import type { ReportTarget } from '@/lib/report-request';

/** The creator name the server sends when the creator shows none (spec §3). */
const HIDDEN_CREATOR = 'for you';

const linkClass =
  'text-faint hover:text-fg focus-visible:text-fg inline-flex min-h-8 items-center gap-1.5 rounded-full text-xs font-semibold transition-colors duration-150';

/**
 * "Report character" and "Report creator" (issue 18) under a character's details, for anyone
 * but its owner. `onOpen` closes what would sit under the report dialog.
 */
export function ReportLinks({ character: c, onOpen }: { character: CharacterSummary; onOpen?: () => void }) {
  if (c.is_owner) return null;
  const creator = c.creator && c.creator !== HIDDEN_CREATOR ? c.creator : undefined;
  return (
    <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1" data-testid="report-links">
      <ReportLink
        target={{ type: 'character', id: c.id, name: c.name }}
        testId="report-character"
        onOpen={onOpen}
      />
      <ReportLink
        target={{ type: 'profile', id: c.id, name: creator }}
        testId="report-creator"
        onOpen={onOpen}
      />
    </div>
  );
}

/** One "Report …" link: a small flag and the label for its target. */
function ReportLink({
  target,
  testId,
  onOpen,
}: {
  target: ReportTarget;
  testId: string;
  onOpen?: (() => void) | undefined;
}) {
  return (
    <ReportTrigger target={target} {...(onOpen ? { onOpen } : {})}>
      {({ label, onClick }) => (
        <button type="button" onClick={onClick} className={linkClass} data-testid={testId}>
          <Flag className="h-3.5 w-3.5" aria-hidden />
          {label}
        </button>
      )}
    </ReportTrigger>
  );
}
