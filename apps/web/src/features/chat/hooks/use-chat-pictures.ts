import { ErrorCode, type ChatPicture } from '@lumi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { appConfig } from '@/lib/app-config';
import { creditsEvents } from '@/lib/events';
import { askPicture } from '../api/ask-picture';
import { getPictures } from '../api/get-pictures';
import { sharePicture } from '../api/share-picture';

/** While a picture is drawn its conversation's pictures are read again this often. */
const POLL_MS = 1500;

const picturesKey = (conversationId: string | undefined) => ['chat', 'pictures', conversationId] as const;
const waiting = (p: ChatPicture) => p.state === 'queued' || p.state === 'running';

export interface ChatPictures {
  /** The pictures after each message, by the message's place (`seq`). */
  at: (seq: number) => readonly ChatPicture[];
  /** "Send me a picture" after the newest message (or after `after`, a message id). */
  ask: (after?: number) => void;
  asking: boolean;
  share: (id: string) => Promise<void>;
  sharing: string | null;
  /** The offline preview renderer draws: pictures are free, and labelled as previews. */
  free: boolean;
}

/**
 * A character chat's pictures (issue 22): read with the conversation (so they survive a reload and
 * follow a branch), asked for by the button or in words, and read again while one is drawn.
 */
export function useChatPictures(conversationId: string | undefined, onAdult: () => void): ChatPictures {
  const queryClient = useQueryClient();
  const key = picturesKey(conversationId);
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getPictures(conversationId ?? '', signal),
    enabled: conversationId !== undefined,
    refetchInterval: (query) => (query.state.data?.pictures.some(waiting) ? POLL_MS : false),
  });

  // A picture that failed was refunded: the credits counter reads the balance again.
  const drawing = useRef(new Set<string>());
  useEffect(() => {
    const pictures = data?.pictures ?? [];
    if (pictures.some((p) => p.state === 'failed' && drawing.current.has(p.id))) creditsEvents.emit('-5');
    drawing.current = new Set(pictures.filter(waiting).map((p) => p.id));
  }, [data]);

  const byPlace = useMemo(() => {
    const map = new Map<number, ChatPicture[]>();
    for (const p of data?.pictures ?? []) map.set(p.seq, [...(map.get(p.seq) ?? []), p]);
    return map;
  }, [data]);

  const asked = useMutation({
    mutationFn: ({ id, after }: { id: string; after?: number | undefined }) => askPicture(id, after),
    onSuccess: (picture) => {
      queryClient.setQueryData(
        picturesKey(picture.conversation_id),
        (old: { pictures: ChatPicture[] } | undefined) => ({
          pictures: [...(old?.pictures ?? []), picture],
        }),
      );
      // The picture's credits were taken with its job.
      creditsEvents.emit('-5');
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === ErrorCode.NSFW_REQUIRED) onAdult();
    },
  });
  const { mutate } = asked;
  const ask = useCallback(
    (after?: number) => {
      if (conversationId) mutate({ id: conversationId, after });
    },
    [conversationId, mutate],
  );

  const shared = useMutation({
    mutationFn: (id: string) => sharePicture(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat', 'pictures'] }),
  });
  const { mutateAsync: shareAsync } = shared;
  const share = useCallback(
    async (id: string) => {
      await shareAsync(id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['characters', 'pictures'] });
    },
    [queryClient, shareAsync],
  );

  return {
    at: (seq) => byPlace.get(seq) ?? [],
    ask,
    asking: asked.isPending,
    share,
    sharing: shared.isPending ? (shared.variables ?? null) : null,
    free: appConfig.imagePreview === true,
  };
}
