import type { CharacterDetail } from '@lumi/contract';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { isolate } from '@/lib/bidi';
import { formatList } from '@/lib/intl';
import { Link } from '@/lib/router';
import { useGroups } from '../api/get-groups';

/**
 * On the character's page beside its chat (issue 22): the visitor's own group chats it takes
 * part in, each one tap away, and a way to start one with it.
 */
export function CharacterGroups({
  character,
  onNewGroup,
}: {
  character: Pick<CharacterDetail, 'id' | 'name'>;
  onNewGroup: () => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const locale = useLocale();
  const { data } = useGroups(character.id);
  const groups = data?.groups ?? [];
  return (
    <section className="border-line/60 mt-6 border-t pt-5" data-testid="character-groups">
      <h3 className="flex items-center gap-2 text-sm font-bold">
        <Users className="text-pink h-4 w-4" aria-hidden />
        {t('group.yours')}
      </h3>
      {groups.length === 0 ? (
        <p className="text-muted mt-2 text-sm">{t('group.none', { name: isolate(character.name) })}</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {groups.map((g) => (
            <li key={g.id}>
              <Link
                to={getHref(locale, 'groupChat', { id: g.id })}
                className="hover:bg-surface-2 flex items-center gap-2.5 rounded-xl px-2 py-2"
                data-testid="character-group"
              >
                <span className="flex shrink-0 -space-x-2.5 rtl:space-x-reverse" aria-hidden>
                  {g.members.map((m) => (
                    <Avatar key={m.id} src={m.head} size={26} className="ring-surface ring-2" />
                  ))}
                </span>
                <span className="min-w-0 flex-1">
                  <span dir="auto" className="block truncate text-sm font-semibold">
                    <bdi>
                      {formatList(
                        g.members.map((m) => m.name),
                        i18n.language,
                      )}
                    </bdi>
                  </span>
                  {g.last && (
                    <span dir="auto" className="text-muted block truncate text-xs">
                      {g.last.content}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Button size="sm" variant="secondary" className="mt-3" onClick={onNewGroup} data-testid="group-new">
        <Users className="h-4 w-4" aria-hidden />
        {t('group.new')}
      </Button>
    </section>
  );
}
