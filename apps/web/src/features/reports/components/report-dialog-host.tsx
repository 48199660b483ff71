import { lazy, Suspense, useSyncExternalStore } from 'react';
import { reportRequests } from '@/lib/report-request';

const ReportDialog = lazy(() => import('./report-dialog'));

/** Mounts the report dialog (and loads its code) only once a page asks for it. */
export function ReportDialogHost() {
  const target = useSyncExternalStore(reportRequests.subscribe, reportRequests.get, () => null);
  if (!target) return null;
  return (
    <Suspense>
      {/* A new target starts afresh: no reason or text carried over from the last one. */}
      <ReportDialog key={`${target.type}:${target.id}`} target={target} onClose={reportRequests.close} />
    </Suspense>
  );
}
