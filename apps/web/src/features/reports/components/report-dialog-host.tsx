import { lazy } from 'react';
import { StoreHost } from '@/components/ui/store-host';
import { reportRequests } from '@/lib/report-request';

const ReportDialog = lazy(() => import('./report-dialog'));

/** Mounts the report dialog (and loads its code) only once a page asks for it. */
export function ReportDialogHost() {
  return (
    <StoreHost
      store={reportRequests}
      // A new target starts afresh: no reason or text carried over from the last one.
      render={(target) => (
        <ReportDialog key={`${target.type}:${target.id}`} target={target} onClose={reportRequests.close} />
      )}
    />
  );
}
