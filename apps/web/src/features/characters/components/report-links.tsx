import type { CharacterSummary } from '@lumi/contract';
import { Flag } from 'lucide-react';
import { ReportTrigger } from '@/components/report-trigger';

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
      <ReportTrigger target={{ type: 'character', id: c.id, name: c.name }} {...(onOpen ? { onOpen } : {})}>
        {({ label, onClick }) => (
          <button type="button" onClick={onClick} className={linkClass} data-testid="report-character">
            <Flag className="h-3.5 w-3.5" aria-hidden />
            {label}
          </button>
        )}
      </ReportTrigger>
      <ReportTrigger target={{ type: 'profile', id: c.id, name: creator }} {...(onOpen ? { onOpen } : {})}>
        {({ label, onClick }) => (
          <button type="button" onClick={onClick} className={linkClass} data-testid="report-creator">
            <Flag className="h-3.5 w-3.5" aria-hidden />
            {label}
          </button>
        )}
      </ReportTrigger>
    </div>
  );
}
