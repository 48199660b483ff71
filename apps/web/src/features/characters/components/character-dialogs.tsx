import { MessageCircle, ShieldAlert } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatDay } from '@/lib/format';
import { Link } from '@/lib/router';
import { isGuest, signInRequests } from '@/lib/sign-in-request';
import { characterDialogStore, type CharacterDialog } from '../character-dialog-store';
import { ReportLinks } from './report-links';
import { TagChips } from './tag-chips';

/** The dialogs of the character pages: details (phones), adult notice, confirmations. */
export default function CharacterDialogs({ dialog }: { dialog: CharacterDialog }) {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  const confirm = useMutation({
    mutationFn: async (run: () => unknown) => {
      await run();
    },
    onSettled: () => characterDialogStore.close(),
  });
  const busy = confirm.isPending;
  const close = (open: boolean) => {
    if (!open) characterDialogStore.close();
  };

  if (dialog.kind === 'adult') {
    // A guest signs in first; the setting lives in the account's profile.
    const guest = isGuest();
    return (
      <Dialog
        open
        onOpenChange={close}
        icon={<ShieldAlert className="text-pink h-10 w-10" aria-hidden />}
        title={t('adult.title')}
        description={guest ? t('adult.guestBody') : t('adult.body')}
        footer={
          <>
            <Button variant="secondary" onClick={() => characterDialogStore.close()}>
              {t('adult.later')}
            </Button>
            {guest ? (
              <Button
                onClick={() => {
                  characterDialogStore.close();
                  signInRequests.request();
                }}
              >
                {t('adult.signIn')}
              </Button>
            ) : (
              <Link
                to={getHref(locale, 'profile')}
                className={buttonClass('primary')}
                onClick={() => characterDialogStore.close()}
              >
                {t('adult.toProfile')}
              </Link>
            )}
          </>
        }
      />
    );
  }

  if (dialog.kind === 'confirm') {
    return (
      <Dialog
        open
        onOpenChange={close}
        title={dialog.title}
        description={dialog.body}
        footer={
          <>
            <Button variant="secondary" onClick={() => characterDialogStore.close()} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button
              className={dialog.danger ? 'bg-danger! bg-none! shadow-none' : undefined}
              disabled={busy}
              onClick={() => confirm.mutate(dialog.onConfirm)}
            >
              {dialog.confirm}
            </Button>
          </>
        }
      />
    );
  }

  const c = dialog.character;
  return (
    <Dialog
      open
      onOpenChange={close}
      title={<bdi>{c.name}</bdi>}
      footer={
        <Link
          to={getHref(locale, 'characterChat', { code: String(c.id) })}
          className={buttonClass('primary', 'lg', 'w-full')}
          onClick={() => characterDialogStore.close()}
        >
          <MessageCircle className="h-4 w-4" aria-hidden />
          {t('details.chat')}
        </Link>
      }
    >
      <div className="mt-4 flex gap-4">
        <img
          src={c.listHead}
          alt=""
          width={112}
          height={112}
          className="h-28 w-28 shrink-0 rounded-2xl object-cover"
        />
        <div className="min-w-0 text-sm">
          <p className="text-muted">
            {t('details.by')} <bdi className="text-fg font-semibold">{c.creator}</bdi>
          </p>
          <p className="text-muted mt-1 tabular-nums">
            <bdi>{formatDay(c.create_time)}</bdi>
            {c.comment_num > 0 &&
              ` · ${t('details.chats', { count: c.comment_num, formatted: formatCount(c.comment_num) })}`}
          </p>
          <TagChips tags={c.tags} className="mt-2 gap-1" chipClassName="bg-surface-3 px-2" />
        </div>
      </div>
      <p
        dir="auto"
        className="text-muted mt-4 max-h-48 overflow-y-auto text-sm leading-relaxed whitespace-pre-line"
      >
        {c.desc}
      </p>
      {/* The details close first: one dialog at a time. */}
      <ReportLinks character={c} onOpen={() => characterDialogStore.close()} />
    </Dialog>
  );
}
