import * as API from '@lumi/contract/api-routes/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { whereQuery, type ChatWhere } from './chat-where';

/**
 * GET character_msg/branches: the visitor's conversations with a character (or, by one of its
 * conversations, with a group of characters), as a tree.
 */
export const getBranches = (where: ChatWhere) => call(API.chatBranches, { query: whereQuery(where) });

export const branchesQueryKey = (where: ChatWhere) => ['chat', 'branches', whereQuery(where)] as const;

export const branchesQueryOptions = (where: ChatWhere) =>
  queryOptions({
    queryKey: branchesQueryKey(where),
    queryFn: () => getBranches(where),
    // Read afresh each time the tree opens: a send or a branch elsewhere changes it.
    staleTime: 0,
  });

/** The tree, read while `enabled` (the drawer is open). */
export const useBranches = (where: ChatWhere, enabled: boolean) =>
  useQuery({ ...branchesQueryOptions(where), enabled });
