import type { ApprovalState, CharacterPage, CharacterSummary } from '@lumi/contract';
import type { InfiniteData } from '@tanstack/react-query';

export type AdminPages = InfiniteData<CharacterPage>;

/** Which characters a list holds: the review queue, or all of them with an optional filter. */
export type ListScope = { kind: 'queue' } | { kind: 'all'; approval: ApprovalState | undefined };

/** Whether a character in state `approval` still belongs in a list of `scope`. */
export function belongsTo(scope: ListScope, approval: ApprovalState): boolean {
  if (scope.kind === 'queue') return approval === 'pending';
  return scope.approval === undefined || scope.approval === approval;
}

/**
 * The loaded pages after changing one character: `change` returns the new character, or null
 * when it leaves the list (deleted, or no longer matching the list's filter). The count of the
 * first page follows, so the tab badges stay right until the server answers.
 */
export function updateCharacter(
  data: AdminPages | undefined,
  id: number,
  change: (character: CharacterSummary) => CharacterSummary | null,
): AdminPages | undefined {
  if (!data) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    if (!page.characters.some((c) => c.id === id)) return page;
    const characters: CharacterSummary[] = [];
    for (const c of page.characters) {
      if (c.id !== id) {
        characters.push(c);
        continue;
      }
      const next = change(c);
      if (next) characters.push(next);
      else removed += 1;
    }
    return { ...page, characters };
  });
  if (removed > 0 && pages[0]?.total_count !== undefined) {
    pages[0] = { ...pages[0], total_count: Math.max(0, pages[0].total_count - removed) };
  }
  return { ...data, pages };
}

/** Every loaded character once, in page order (a shifted page may repeat one). */
export function flattenPages(data: AdminPages | undefined): CharacterSummary[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: CharacterSummary[] = [];
  for (const page of data.pages) {
    for (const c of page.characters) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}
