import type { GroupMember } from '@lumi/contract';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';

/**
 * A group chat's "who speaks next" (issue 22): one button per character; a tap lets it reply
 * now, without a message of the user's. Above the message box, scrolling sideways on a phone.
 */
export function SpeakRow({
  members,
  busy,
  onSpeak,
}: {
  members: GroupMember[];
  /** A reply is streaming: nobody can be asked until it ends. */
  busy: boolean;
  onSpeak: (characterId: number) => Promise<boolean>;
}) {
  const { t } = useTranslation('chat');
  if (!members.length) return null;
  return (
    <div className="border-line/60 shrink-0 border-t">
      <div
        className="mx-auto flex max-w-3xl items-center gap-2 overflow-x-auto px-3 py-2 sm:px-4"
        role="group"
        aria-label={t('group.speakHint')}
        data-testid="group-speak"
      >
        <span className="text-muted shrink-0 text-xs font-semibold">{t('group.next')}</span>
        {members.map((m) => (
          <button
            key={m.id}
            type="button"
            disabled={busy}
            onClick={() => void onSpeak(m.id)}
            aria-label={t('group.speak', { name: m.name })}
            title={t('group.speak', { name: m.name })}
            className="border-line bg-surface hover:border-pink/60 hover:bg-surface-2 flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border py-1 ps-1 pe-3 text-sm font-medium transition-colors disabled:opacity-50"
            data-testid="group-speak-member"
          >
            <Avatar src={m.head} size={28} />
            <span dir="auto" className="max-w-[6rem] truncate sm:max-w-[10rem]">
              <bdi>{m.name}</bdi>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
