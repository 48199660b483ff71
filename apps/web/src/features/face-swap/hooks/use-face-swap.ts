import { ErrorCode } from '@lumi/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { submitJob, useJobPolling } from '@/hooks/use-job';
import { createFaceSwap } from '../api/create-face-swap';
import { getJobStatus } from '@/lib/get-job-status';
import { pageStore, type PageStore } from '../lib/page-store';
import { pollingId, type SwapRequest } from '../lib/swap-state';

/**
 * Refusals Retry cannot change: the same photos would be refused again (an explicit photo
 * without adult content on, 100009, included).
 */
const FINAL_CODES: ReadonlySet<number> = new Set([
  ErrorCode.INVALID_INPUT,
  ErrorCode.FORBIDDEN,
  ErrorCode.CONTENT_POLICY,
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

  useJobPolling(pollingId(page.swap), {
    getStatus: getJobStatus,
    dispatch,
    lostMessage: t('status.lost'),
  });

  const swap = useCallback(
    (request: SwapRequest) =>
      submitJob(request, {
        create: createFaceSwap,
        dispatch,
        finalCodes: FINAL_CODES,
        errorText: t('status.error'),
      }),
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
