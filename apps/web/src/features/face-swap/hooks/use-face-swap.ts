import { ErrorCode } from '@lumi/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { createFaceSwap } from '../api/create-face-swap';
import { getSwapStatus } from '../api/get-swap-status';
import { pageStore, type PageStore } from '../lib/page-store';
import { pollingId, type SwapRequest } from '../lib/swap-state';

/** Spec §4: the status is read about every second while the job waits or runs. */
export const POLL_MS = 1000;
/** Reads in a row that may fail (network, server restart) before the page says so. */
const MAX_POLL_FAILURES = 5;

/** Refusals Retry cannot change: the same photos would be refused again. */
const FINAL_CODES: ReadonlySet<number> = new Set([ErrorCode.INVALID_INPUT, ErrorCode.FORBIDDEN]);

/** Codes meaning the job is not (or no longer) this visitor's: forget it. */
const GONE_CODES: ReadonlySet<number> = new Set([
  ErrorCode.NOT_FOUND,
  ErrorCode.INVALID_INPUT,
  ErrorCode.FORBIDDEN,
]);

/**
 * The face swap page's state (photos, consent, the swap) and its actions: Swap sends the photos,
 * then the job's state is read until it ends. The state lives in a store outside the page
 * (lib/page-store.ts), so a swap under way is followed again after a visit elsewhere.
 */
export function useFaceSwap(store: PageStore = pageStore) {
  const { t } = useTranslation('faceswap');
  const page = useSyncExternalStore(store.subscribe, store.get);
  const { dispatch } = store;

  const id = pollingId(page.swap);
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const tick = async () => {
      try {
        const status = await getSwapStatus(id, controller.signal);
        if (controller.signal.aborted) return;
        failures = 0;
        dispatch({ type: 'status', status });
        if (status.state === 'done' || status.state === 'failed') {
          // A failed job's credits were returned: the balance is read again.
          if (status.state === 'failed') creditsEvents.emit('-5');
          return;
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.kind === 'business' && GONE_CODES.has(err.code)) {
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
  }, [id, t, dispatch]);

  const swap = useCallback(
    async (request: SwapRequest) => {
      dispatch({ type: 'send', request });
      try {
        const { id: jobId } = await createFaceSwap(request);
        dispatch({ type: 'accepted', id: jobId });
        creditsEvents.emit('-5');
      } catch (err) {
        const code = err instanceof ApiError ? err.code : 0;
        if (code === ErrorCode.NOT_ENOUGH_CREDITS) {
          // The credits dialog opened already.
          dispatch({ type: 'cancel' });
        } else {
          dispatch({
            type: 'refused',
            message: errorMessage(err, t('status.error')),
            canRetry: !FINAL_CODES.has(code),
          });
        }
      }
    },
    [t, dispatch],
  );

  const { swap: current } = page;
  const retry = useCallback(() => {
    if (current.phase !== 'failed') return;
    if (current.retry === 'poll' && current.id) {
      dispatch({ type: 'resume', id: current.id, request: current.request });
    } else void swap(current.request);
  }, [current, swap, dispatch]);

  return { page, update: store.update, swap, retry };
}
