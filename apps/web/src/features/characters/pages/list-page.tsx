import type { CharacterSummary } from '@lumi/contract';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { CharacterGrid, EmptyState } from '../components/character-grid';
import { useListLikes } from '../hooks/use-list-likes';
import type { PagedList } from '../hooks/use-paged-list';

/** The next step an empty list offers: browse the home list, or create a character. */
export function EmptyListAction({ kind }: { kind: 'browse' | 'create' }) {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  return (
    <Link
      to={getHref(locale, kind === 'browse' ? 'home' : 'createCharacter')}
      className={buttonClass('primary')}
    >
      {kind === 'create' && <Plus className="h-4 w-4" aria-hidden />}
      {t(kind)}
    </Link>
  );
}

/** A list's grid with likes wired in place and its empty state. */
export function ListGrid<T extends CharacterSummary>({
  list,
  removeOnUnlike = false,
  renderActions,
  empty,
}: {
  list: PagedList<T>;
  /** My Likes: an unliked card leaves the list. */
  removeOnUnlike?: boolean;
  renderActions?: (character: T) => ReactNode;
  empty: { title: string; body: string; action: 'browse' | 'create' };
}) {
  const onToggleLike = useListLikes(list, removeOnUnlike);
  return (
    <CharacterGrid
      list={list}
      onToggleLike={(c) => void onToggleLike(c)}
      {...(renderActions ? { renderActions } : {})}
      empty={
        <EmptyState title={empty.title} body={empty.body} action={<EmptyListAction kind={empty.action} />} />
      }
    />
  );
}
