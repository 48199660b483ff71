import { ErrorCode, type ImageBody, type ImageTool, type JobStatus } from '@lumi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { createImage } from '../api/create-image';
import { historyQueryKey } from '../api/get-history';
import { getJobStatus } from '../api/get-job-status';
import { clearJob, loadJob, saveJob } from '../lib/form-state';
import { generationReducer, idle, pollingId, type Generation } from '../lib/generation';

/** Spec §4: the status is read about every second while the job waits or runs. */
export const POLL_MS = 1000;
/** Reads in a row that may fail (network, server restart) before the page says so. */
const MAX_POLL_FAILURES = 5;

/** Refusals Retry cannot change: the same request would be refused again. */
const FINAL_CODES: ReadonlySet<number> = new Set([
  ErrorCode.INVALID_INPUT,
  ErrorCode.FORBIDDEN,
  ErrorCode.CONTENT_POLICY,
]);

/** Codes meaning the kept job is not (or no longer) this visitor's: forget it. */
const GONE_CODES: ReadonlySet<number> = new Set([
  ErrorCode.NOT_FOUND,
  ErrorCode.INVALID_INPUT,
  ErrorCode.FORBIDDEN,
]);

function initial(tool: ImageTool): Generation {
  const job = loadJob(tool);
  return job ? { phase: 'checking', id: job.id, request: job.request } : idle;
}

export interface GenerationOptions {
  /** 100008: the adult-content notice (the app layer owns it). */
  onAdult: () => void;
}

/**
 * A tool page's generation: sends the request, keeps the job id in sessionStorage and polls the
 * job until it ends, also after the user comes back to the page.
 */
export function useGeneration(tool: ImageTool, { onAdult }: GenerationOptions) {
  const { t } = useTranslation('images');
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(generationReducer, tool, initial);
  const onAdultRef = useRef(onAdult);
  useEffect(() => {
    onAdultRef.current = onAdult;
  });

  const finished = useCallback(
    (status: JobStatus) => {
      void queryClient.invalidateQueries({ queryKey: historyQueryKey(tool) });
      // A failed job's credits were returned.
      if (status.state === 'failed') creditsEvents.emit('-5');
    },
    [queryClient, tool],
  );

  const id = pollingId(state);
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const tick = async () => {
      try {
        const status = await getJobStatus(id, controller.signal);
        if (controller.signal.aborted) return;
        failures = 0;
        dispatch({ type: 'status', status });
        if (status.state === 'done' || status.state === 'failed') {
          finished(status);
          return;
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.kind === 'business' && GONE_CODES.has(err.code)) {
          clearJob(tool);
          dispatch({ type: 'reset' });
          return;
        }
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) {
          dispatch({ type: 'lost', message: t('status.lost') });
          return;
        }
      }
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, tool, finished, t]);

  const generate = useCallback(
    async (request: ImageBody) => {
      dispatch({ type: 'send', request });
      try {
        const { id: jobId } = await createImage(request);
        saveJob(tool, { id: jobId, request });
        dispatch({ type: 'accepted', id: jobId });
        creditsEvents.emit('-5');
      } catch (err) {
        const code = err instanceof ApiError ? err.code : 0;
        if (code === ErrorCode.NOT_ENOUGH_CREDITS) {
          // The credits dialog opened already.
          dispatch({ type: 'cancel' });
        } else if (code === ErrorCode.NSFW_REQUIRED) {
          dispatch({ type: 'cancel' });
          onAdultRef.current();
        } else {
          dispatch({
            type: 'refused',
            message: errorMessage(err, t('status.error')),
            canRetry: !FINAL_CODES.has(code),
          });
        }
      }
    },
    [tool, t],
  );

  const retry = useCallback(() => {
    if (state.phase !== 'failed') return;
    if (state.retry === 'poll' && state.id)
      dispatch({ type: 'resume', id: state.id, request: state.request });
    else void generate(state.request);
  }, [state, generate]);

  return { state, generate, retry };
}
