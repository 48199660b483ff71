import { ErrorCode, type ImageBody, type ImageTool } from '@lumi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { submitJob, useJobPolling } from '@/hooks/use-job';
import { createImage } from '../api/create-image';
import { historyQueryKey } from '../api/get-history';
import { getJobStatus } from '@/lib/get-job-status';
import { clearJob, loadJob, saveJob } from '../lib/form-state';
import { generationReducer, idle, pollingId, type Generation } from '../lib/generation';

/** Refusals Retry cannot change: the same request would be refused again. */
const FINAL_CODES: ReadonlySet<number> = new Set([
  ErrorCode.INVALID_INPUT,
  ErrorCode.FORBIDDEN,
  ErrorCode.CONTENT_POLICY,
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

  useJobPolling(pollingId(state), {
    getStatus: getJobStatus,
    dispatch,
    onFinished: () => void queryClient.invalidateQueries({ queryKey: historyQueryKey(tool) }),
    onGone: () => clearJob(tool),
    lostMessage: t('status.lost'),
  });

  const generate = useCallback(
    (request: ImageBody) =>
      submitJob(request, {
        create: createImage,
        dispatch,
        onAccepted: (id) => {
          saveJob(tool, { id, request });
          // The history lists it at once, as waiting; it is read again when the job ends.
          void queryClient.invalidateQueries({ queryKey: historyQueryKey(tool) });
        },
        finalCodes: FINAL_CODES,
        // 100008: the adult-content notice.
        dialogs: new Map([[ErrorCode.NSFW_REQUIRED, () => onAdultRef.current()]]),
        errorText: t('status.error'),
      }),
    [tool, t, queryClient],
  );

  const retry = useCallback(() => {
    if (state.phase !== 'failed') return;
    if (state.retry === 'poll' && state.id)
      dispatch({ type: 'resume', id: state.id, request: state.request });
    else void generate(state.request);
  }, [state, generate]);

  return { state, generate, retry };
}
