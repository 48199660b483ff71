import { ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { FormMode } from './form-model';

interface PublishConfirmProps {
  open: boolean;
  mode: FormMode;
  name: string;
  visibility: 'public' | 'private';
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation before submit (spec §2, dialogs): what happens to the character once it is
 * sent (public ones may be reviewed first, private ones stay the owner's), and the rule every
 * character follows. Escape, the close button and Keep editing go back to the form, whose
 * Publish button gets the focus again.
 */
export function PublishConfirm({ open, mode, name, visibility, onCancel, onConfirm }: PublishConfirmProps) {
  const { t } = useTranslation('create');
  const kind = mode === 'edit' ? 'edit' : 'create';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      icon={
        <span className="bg-surface-3 grid h-14 w-14 place-items-center rounded-2xl">
          {visibility === 'public' ? (
            <Sparkles className="text-pink h-7 w-7" aria-hidden />
          ) : (
            <ShieldCheck className="text-violet h-7 w-7" aria-hidden />
          )}
        </span>
      }
      title={t(`confirm.${kind}.title`, { name: `\u2068${name.trim()}\u2069` })}
      description={t(`confirm.${kind}.${visibility}`)}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} data-testid="publish-confirm">
            {t(`confirm.${kind}.ok`)}
          </Button>
        </>
      }
    >
      <p className="text-faint mt-3 text-center text-xs leading-relaxed text-pretty">{t('confirm.rules')}</p>
    </Dialog>
  );
}
