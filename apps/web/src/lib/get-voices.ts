import * as API from '@lumi/contract/api-routes/speech';
import { VOICES, type VoicePreset } from '@lumi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type Voice = Omit<VoicePreset, 'espeak'> & { preview_url: string };

export interface VoicesData {
  voices: Voice[];
  /** eSpeak NG speaks: the page says these are basic offline voices. */
  offline: boolean;
}

export const voicesQueryKey = ['voice', 'voices'] as const;

/** GET /cgi-bin/auth/aigc/speech/voices: the 17 presets with their sample links. */
export function getVoices(signal?: AbortSignal): Promise<VoicesData> {
  return call(API.voices, { silent: true, signal });
}

export function voicesQueryOptions() {
  return queryOptions({
    queryKey: voicesQueryKey,
    queryFn: ({ signal }) => getVoices(signal),
    staleTime: Infinity,
  });
}

export function useVoices() {
  return useQuery(voicesQueryOptions());
}

/**
 * The presets to show: the server's list once known, until then the contract's own (the same
 * 17), so the grid draws at once. The sample link comes from the server's list.
 */
export function shownVoices(data: VoicesData | undefined): Voice[] {
  if (data) return data.voices;
  return VOICES.map(({ espeak: _espeak, ...voice }) => ({ ...voice, preview_url: '' }));
}
