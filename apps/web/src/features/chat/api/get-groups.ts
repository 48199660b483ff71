import * as API from '@lumi/contract/api-routes/chat';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET character_msg/groups: the visitor's group chats (with a character: those it is in). */
export const getGroups = (characterId?: number) =>
  call(API.chatGroups, { query: characterId === undefined ? {} : { characterId }, silent: true });

export const groupsQueryKey = (characterId?: number) => ['chat', 'groups', characterId ?? null] as const;

export const useGroups = (characterId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: groupsQueryKey(characterId),
    queryFn: () => getGroups(characterId),
    staleTime: 0,
    enabled,
  });
