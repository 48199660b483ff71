import { Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

// Loaded once asked for: home stays light.
const GroupPicker = lazy(() => import('./group-picker').then((m) => ({ default: m.GroupPicker })));

/**
 * Above the "Multiple Characters" list on home (issue 22): group chats, where several
 * characters share one scene, and the button that starts one.
 */
export function GroupInvite() {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  return (
    <div
      className="border-violet/30 bg-violet/10 mb-4 flex flex-wrap items-center gap-3 rounded-2xl border px-4 py-3"
      data-testid="group-invite"
    >
      <Users className="text-violet h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-bold">{t('group.inviteTitle')}</p>
        <p className="text-muted text-sm text-pretty">{t('group.inviteBody')}</p>
      </div>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="group-invite-start">
        {t('group.new')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <GroupPicker open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
