import * as API from '@lumi/contract/api-routes/speech';
import type { SpeechHistoryItem } from '@lumi/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The caller's cloned voices a private character can speak in: the clones of their speech
 * history (GET /cgi-bin/auth/aigc/speech/history) that carry a character voice id.
 */
export function useClonedVoices(enabled: boolean) {
  return useQuery({
    queryKey: ['characters', 'cloned-voices'],
    queryFn: ({ signal }) =>
      call(API.speechHistory, { silent: true, signal }).then((data) =>
        data.items.filter(
          (item): item is SpeechHistoryItem & { character_voice_id: string } =>
            item.character_voice_id !== null,
        ),
      ),
    enabled,
    staleTime: 60_000,
  });
}
