import { CHAT_LIMITS, type CharacterSummary } from '@lumi/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Loader2, Plus, Users, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { useNavigate } from '@/lib/router';
import { recentCandidates, searchCandidates } from '../api/group-candidates';
import { startGroup } from '../api/start-group';
import { Sheet } from './sheet';

interface Picked {
  id: number;
  name: string;
  head: string;
}

const pickOf = (c: Picked | CharacterSummary): Picked => ({
  id: c.id,
  name: c.name,
  head: 'listHead' in c ? c.listHead : c.head,
});

/**
 * "New group chat" (issue 22): the visitor picks two to four characters (the one they came from
 * first), from their recent chats or a search, then starts the chat. Who replies: the one named
 * in a message, else each in turn; a tap on a character in the chat lets it speak next.
 */
export function GroupPicker({
  open,
  onOpenChange,
  first,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The character the visitor came from, picked to begin with. */
  first?: Picked | undefined;
}) {
  const { t } = useTranslation('chat');
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('group.pickTitle')}
      description={t('group.pickHint', { min: CHAT_LIMITS.groupMin, max: CHAT_LIMITS.groupMax })}
      testId="group-picker"
    >
      {open && <PickerBody first={first} />}
    </Sheet>
  );
}

function PickerBody({ first }: { first?: Picked | undefined }) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Picked[]>(() => (first ? [pickOf(first)] : []));
  const [query, setQuery] = useState('');
  const term = useDeferredValue(query.trim());
  const recent = useQuery({ queryKey: ['chat', 'group-picker', 'recent'], queryFn: recentCandidates });
  const found = useQuery({
    queryKey: ['chat', 'group-picker', 'search', term],
    queryFn: ({ signal }) => searchCandidates(term, signal),
    enabled: term.length > 0,
  });
  const start = useMutation({
    mutationFn: () => startGroup(picked.map((p) => p.id)),
    onSuccess: (page) => navigate(getHref(locale, 'groupChat', { id: page.conversation.id })),
  });

  const list = (term ? found.data?.characters : recent.data?.characters) ?? [];
  const loading = term ? found.isPending : recent.isPending;
  const full = picked.length >= CHAT_LIMITS.groupMax;
  const toggle = (c: Picked) =>
    setPicked((now) =>
      now.some((p) => p.id === c.id) ? now.filter((p) => p.id !== c.id) : full ? now : [...now, c],
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-line space-y-3 border-b px-5 py-4">
        <p className="text-muted text-xs font-semibold tabular-nums" aria-live="polite">
          {t('group.picked', { count: picked.length, max: CHAT_LIMITS.groupMax })}
        </p>
        <ul className="flex min-h-10 flex-wrap gap-2" data-testid="group-picked">
          {picked.map((p, i) => (
            <li key={p.id} className="bg-surface-2 flex items-center gap-1.5 rounded-full py-1 ps-1 pe-1">
              <Avatar src={p.head} size={28} />
              <span dir="auto" className="max-w-[9rem] truncate text-sm font-medium">
                <bdi>{p.name}</bdi>
              </span>
              <span className="text-faint text-[10px] tabular-nums">{i + 1}</span>
              <button
                type="button"
                onClick={() => toggle(p)}
                aria-label={t('group.remove', { name: p.name })}
                className="text-muted hover:text-fg hover:bg-surface grid h-8 w-8 place-items-center rounded-full"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <div className="relative">
          <SearchInput
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('group.search')}
            data-testid="group-search"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {!term && <p className="text-muted px-2 pb-2 text-xs font-semibold">{t('group.recent')}</p>}
        {loading ? (
          <Loader2 className="text-muted mx-auto my-6 h-6 w-6 animate-spin" aria-hidden />
        ) : list.length === 0 ? (
          <p className="text-muted px-2 py-6 text-center text-sm">{t('group.noneFound')}</p>
        ) : (
          <ul className="space-y-1">
            {list.map((c) => {
              const on = picked.some((p) => p.id === c.id);
              const veiled = c.need_enable_nsfw;
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    disabled={veiled || (full && !on)}
                    aria-pressed={on}
                    onClick={() => toggle(pickOf(c))}
                    className="hover:bg-surface-2 flex min-h-12 w-full items-center gap-3 rounded-xl px-2 py-1.5 text-start disabled:opacity-50"
                    data-testid="group-candidate"
                  >
                    <Avatar src={c.listHead} size={36} />
                    <span dir="auto" className="min-w-0 flex-1 truncate text-sm font-medium">
                      <bdi>{c.name}</bdi>
                    </span>
                    <span
                      className={
                        on
                          ? 'bg-pink grid h-7 w-7 place-items-center rounded-full text-white'
                          : 'border-line text-muted grid h-7 w-7 place-items-center rounded-full border'
                      }
                      aria-hidden
                    >
                      {on ? <Check className="h-4 w-4" /> : <Plus className="h-4 w-4" />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="border-line border-t px-5 py-3">
        <Button
          className="w-full"
          disabled={picked.length < CHAT_LIMITS.groupMin || start.isPending}
          onClick={() => start.mutate()}
          data-testid="group-start"
        >
          {start.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <Users className="h-4 w-4" aria-hidden />
          )}
          {t('group.start')}
        </Button>
      </div>
    </div>
  );
}
