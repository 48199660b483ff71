import { Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { reportRequests, type ReportTarget } from '@/lib/report-request';

interface ReportTriggerProps {
  target: ReportTarget;
  /** Draws the control in the caller's own style. */
  children: (control: { label: string; onClick: () => void }) => ReactElement;
  /** Runs before the dialog opens (closing a menu or another dialog). */
  onOpen?: () => void;
}

function Labelled({ target, children, onOpen }: ReportTriggerProps) {
  const { t } = useTranslation('reports');
  return children({
    label: t(`action.${target.type}`),
    onClick: () => {
      onOpen?.();
      reportRequests.open(target);
    },
  });
}

/**
 * A "Report" control for any page (issue 18): the label in the reader's language from the small
 * `reports` namespace, which loads on its own without holding the page, and a click that opens
 * the report dialog the app shell hosts.
 */
export function ReportTrigger(props: ReportTriggerProps) {
  return (
    <Suspense fallback={null}>
      <Labelled {...props} />
    </Suspense>
  );
}
