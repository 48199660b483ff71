import { ErrorCode } from '@lumi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { ApiError } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { speechHistoryQueryKey } from '../api/get-speech-history';
import type { SpokenAudio } from '../api/text-to-speech';
import type { AudioResult } from '../components/result-panel';
import { failureText, revealOnPhones } from '../lib/page';
import { useBlobState } from './use-blob-url';
import type { SharedPlayer } from '@/hooks/use-shared-player';

/** A voice tool's answer: the audio, the job behind it, and what the result panel says of it. */
export type SpokenResult = Omit<AudioResult, 'url'> & { blob: Blob; jobId: string | null };

export interface AudioJob<Input> {
  /** The call: answers the audio once it is made. */
  speak: (input: Input, signal: AbortSignal) => Promise<SpokenAudio>;
  /** The result's title, words and file name. */
  describe: (input: Input, blob: Blob) => Omit<AudioResult, 'url'>;
  /** Said when the call fails without a message of its own. */
  failedText: string;
  /** Said when the server could not be reached. */
  networkText: string;
  /** The result area, which phones are taken to once the audio is ready. */
  resultRef: RefObject<HTMLElement | null>;
  player: SharedPlayer;
}

/**
 * One voice tool call at a time: `run` stops what plays, aborts the call before it and sends;
 * the answer becomes `result` (its URL freed when replaced), a refusal `error` (a lack of credits
 * opened its dialog already). The history is read again, and the balance after either end.
 */
export function useAudioJob<Input>({
  speak,
  describe,
  failedText,
  networkText,
  resultRef,
  player,
}: AudioJob<Input>) {
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const [result, setResult] = useBlobState<SpokenResult>();

  useEffect(() => () => controller.current?.abort(), []);

  // The observer follows the latest call only: a call aborted by the next one neither ends the
  // wait nor shows its failure.
  const job = useMutation({
    mutationFn: ({ input, signal }: { input: Input; signal: AbortSignal }) => speak(input, signal),
    onSuccess: ({ blob, jobId }, { input }) => {
      setResult({ blob, jobId, ...describe(input, blob) });
      void queryClient.invalidateQueries({ queryKey: speechHistoryQueryKey });
      // Phones: the visitor may have scrolled away while it was made.
      revealOnPhones(resultRef.current, { ifHidden: true });
    },
    onSettled: (_data, _error, { signal }) => {
      if (controller.current?.signal === signal) controller.current = null;
      // Spent, or refunded after a failure: the header's balance follows either way.
      creditsEvents.emit('-5');
    },
  });

  const run = (input: Input) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    player.stop();
    job.mutate({ input, signal: current.signal });
  };

  const failed = job.error;
  // 100002 opened the credits dialog already; anything else is told in the result area.
  const error =
    !failed ||
    job.variables?.signal.aborted ||
    (failed instanceof ApiError && failed.code === ErrorCode.NOT_ENOUGH_CREDITS)
      ? null
      : failureText(failed, networkText, failedText);

  return { busy: job.isPending, error, result, run };
}
