import * as API from '@lumi/contract/api-routes/speech';
import type { SpeechHistoryItem } from '@lumi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const speechHistoryQueryKey = ['voice', 'history'] as const;

/** GET /cgi-bin/auth/aigc/speech/history: the caller's 20 newest audios, with signed links. */
export function getSpeechHistory(signal?: AbortSignal): Promise<SpeechHistoryItem[]> {
  return call(API.speechHistory, { silent: true, signal }).then((data) => data.items);
}

export function speechHistoryQueryOptions() {
  return queryOptions({
    queryKey: speechHistoryQueryKey,
    queryFn: ({ signal }) => getSpeechHistory(signal),
  });
}

export function useSpeechHistory() {
  return useQuery(speechHistoryQueryOptions());
}
