import type { CharacterSummary } from '@lumi/contract';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { HubLayout, type HubTab } from '../components/hub-layout';
import { ListGrid } from './list-page';

/** A hub tab that is one list (My Likes, My Characters, Recent Chats): its title and its grid. */
export function HubListPage<T extends CharacterSummary>({
  tab,
  title,
  ...grid
}: { tab: Exclude<HubTab, 'home'>; title: string } & Parameters<typeof ListGrid<T>>[0]) {
  useDocumentTitle(title);
  return (
    <HubLayout active={tab}>
      <h1 className="mb-4 text-xl font-extrabold tracking-tight sm:text-2xl">{title}</h1>
      <ListGrid {...grid} />
    </HubLayout>
  );
}
