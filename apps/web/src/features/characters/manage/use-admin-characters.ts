import type { ApprovalState, CharacterSummary } from '@lumi/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { approveCharacter } from '../api/approve-character';
import { deleteCharacter } from '../api/delete-character';
import { adminAllCharacters } from '../api/get-admin-characters';
import { approveList } from '../api/get-approve-list';
import { belongsTo, updateCharacter, type AdminPages, type ListScope } from './list-updates';

const ROOT = ['admin', 'characters'] as const;
export const adminKeys = {
  root: ROOT,
  queue: [...ROOT, 'queue'] as const,
  all: (approval: ApprovalState | undefined, query: string) =>
    [...ROOT, 'all', approval ?? 'any', query] as const,
};

/** The list a cached query key holds, read back from the key. */
function scopeOf(key: QueryKey): ListScope {
  if (key[2] === 'queue') return { kind: 'queue' };
  const approval = key[3];
  return { kind: 'all', approval: approval === 'any' ? undefined : (approval as ApprovalState) };
}

const nextPage = (last: { has_more: boolean }, pages: unknown[]) =>
  last.has_more ? pages.length + 1 : undefined;

const listOptions = {
  initialPageParam: 1,
  getNextPageParam: nextPage,
  // A moderator's list changes under them; but refetching every page on focus would jump.
  refetchOnWindowFocus: false,
  staleTime: 0,
} as const;

/** Spec §2: public characters waiting for review. A non-admin gets FORBIDDEN. */
export function useReviewQueue() {
  return useInfiniteQuery({
    ...listOptions,
    queryKey: adminKeys.queue,
    queryFn: ({ pageParam }) => approveList(pageParam),
  });
}

export function useAllCharacters(approval: ApprovalState | undefined, query: string, enabled: boolean) {
  return useInfiniteQuery({
    ...listOptions,
    queryKey: adminKeys.all(approval, query),
    queryFn: ({ pageParam }) => adminAllCharacters({ page: pageParam, approval, query: query || undefined }),
    enabled,
    // Changing the filter or the name keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export type ModerationKind = 'approve' | 'hide' | 'delete';
export interface ModerationAction {
  kind: ModerationKind;
  character: CharacterSummary;
}

export const moderationKey = [...ROOT, 'moderate'] as const;

/**
 * Approve, hide (= rejected) and delete, each shown at once in every loaded list and rolled
 * back if the server refuses (the API client has already toasted its message). Afterwards the
 * lists are refetched: offsets of the pages behind moved when a character left a list.
 */
export function useModeration(onForbidden: (error: unknown) => void) {
  const { t } = useTranslation('manage');
  const client = useQueryClient();
  return useMutation({
    mutationKey: moderationKey,
    mutationFn: async ({ kind, character }: ModerationAction) => {
      if (kind === 'delete') await deleteCharacter(character.id);
      else await approveCharacter(character.id, kind === 'approve' ? 'approved' : 'rejected');
    },
    onMutate: async ({ kind, character }) => {
      await client.cancelQueries({ queryKey: ROOT });
      const snapshot = client.getQueriesData<AdminPages>({ queryKey: ROOT });
      const approval: ApprovalState = kind === 'approve' ? 'approved' : 'rejected';
      for (const [key] of snapshot) {
        const scope = scopeOf(key);
        client.setQueryData<AdminPages>(key, (data) =>
          updateCharacter(data, character.id, (c) =>
            kind === 'delete' || !belongsTo(scope, approval) ? null : { ...c, approval },
          ),
        );
      }
      return { snapshot };
    },
    onError: (error, { kind }, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
      // Deleting goes through the owner's call, which a blocked host does not refuse.
      if (kind !== 'delete') onForbidden(error);
    },
    onSuccess: (_data, { kind, character }) => {
      const messages = { approve: 'toast.approved', hide: 'toast.hidden', delete: 'toast.deleted' } as const;
      notify('success', t(messages[kind], { name: character.name }));
    },
    onSettled: async () => {
      // Refetching while another action is still on its way would undo its optimistic change.
      if (client.isMutating({ mutationKey: moderationKey }) === 1) {
        await client.invalidateQueries({ queryKey: ROOT });
      }
    },
  });
}
