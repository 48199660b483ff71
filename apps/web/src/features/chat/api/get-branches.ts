import * as API from '@lumi/contract/api-routes/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET character_msg/branches: the visitor's conversations with a character, as a tree. */
export const getBranches = (characterId: number) => call(API.chatBranches, { query: { characterId } });

export const branchesQueryKey = (characterId: number) => ['chat', 'branches', characterId] as const;

export const branchesQueryOptions = (characterId: number) =>
  queryOptions({
    queryKey: branchesQueryKey(characterId),
    queryFn: () => getBranches(characterId),
    // Read afresh each time the tree opens: a send or a branch elsewhere changes it.
    staleTime: 0,
  });

/** The tree, read while `enabled` (the drawer is open). */
export const useBranches = (characterId: number, enabled: boolean) =>
  useQuery({ ...branchesQueryOptions(characterId), enabled });
