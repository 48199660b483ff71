import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { useSearchParams } from '@/lib/router';
import { AuditPanel } from './audit-panel';
import { EnginesPanel } from './engines-panel';
import { JobsPanel } from './jobs-panel';
import { ReasonDialog, type ReasonRequest } from './reason-dialog';
import { UsersPanel } from './users-panel';

const SECTIONS = ['users', 'jobs', 'engines', 'audit'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The operator console (issue 23), a tab of the admin page loaded on its own: users and their
 * credits and orders, the job queue, the engines' health and the audit log.
 */
export default function OperatorConsole() {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const section: Section = SECTIONS.find((s) => s === params.get('section')) ?? 'users';
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const setSection = (next: Section) =>
    setParams(next === 'users' ? { tab: 'console' } : { tab: 'console', section: next }, { replace: true });
  return (
    <div className="flex flex-col gap-5" data-testid="operator-console">
      {/* On a phone the four sections scroll sideways rather than squeeze their names. */}
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <Tabs
          label={t('title')}
          idBase="operator"
          value={section}
          onChange={setSection}
          className="min-w-max sm:flex sm:w-full"
          items={SECTIONS.map((s) => ({ value: s, label: t(`sections.${s}`) }))}
        />
      </div>
      <div id={`operator-panel-${section}`} role="tabpanel" aria-labelledby={`operator-tab-${section}`}>
        {section === 'users' ? (
          <UsersPanel ask={setRequest} />
        ) : section === 'jobs' ? (
          <JobsPanel ask={setRequest} />
        ) : section === 'engines' ? (
          <EnginesPanel />
        ) : (
          <AuditPanel />
        )}
      </div>
      <ReasonDialog request={request} onClose={() => setRequest(null)} />
    </div>
  );
}
