import { Eraser, GitBranch, RotateCcw, SlidersHorizontal, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * The chat's header buttons: a group chat with this character and branches (character chat),
 * settings, clear (AI chat only) and restart.
 */
export function ChatHeaderActions({
  onSettings,
  onRestart,
  onClear,
  onBranches,
  onGroup,
  canClear = true,
}: {
  onSettings: () => void;
  onRestart: () => void;
  onClear?: (() => void) | undefined;
  onBranches?: (() => void) | undefined;
  onGroup?: (() => void) | undefined;
  canClear?: boolean;
}) {
  const { t } = useTranslation('chat');
  const buttons = [
    // On a phone the header has no room for it: the character's page (a tap on the name) has it.
    ...(onGroup
      ? [{ label: t('group.new'), icon: Users, onClick: onGroup, testId: 'chat-group-open', wide: true }]
      : []),
    ...(onBranches
      ? [{ label: t('branches.title'), icon: GitBranch, onClick: onBranches, testId: 'chat-branches-open' }]
      : []),
    {
      label: t('settings.title'),
      icon: SlidersHorizontal,
      onClick: onSettings,
      testId: 'chat-settings-open',
    },
    ...(onClear
      ? [
          {
            label: t('clear.action'),
            icon: Eraser,
            onClick: onClear,
            testId: 'chat-clear',
            disabled: !canClear,
          },
        ]
      : []),
    { label: t('restart.action'), icon: RotateCcw, onClick: onRestart, testId: 'chat-restart' },
  ];
  return buttons.map(({ label, icon: Icon, onClick, testId, disabled, wide }) => (
    <Button
      key={testId}
      size="icon"
      variant="ghost"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className={wide ? 'max-sm:hidden' : undefined}
    >
      <Icon className="h-5 w-5" aria-hidden />
    </Button>
  ));
}

/** A chat that could not be loaded, with a retry. */
export function ChatLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="py-16 text-center">
      <p className="text-muted">{t('errors.load')}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
