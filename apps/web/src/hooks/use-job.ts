import { ErrorCode, type JobStatus } from '@lumi/contract';
import { useEffect, useRef } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import type { JobEvent } from '@/lib/job-status';

/** Spec §4: the status is read about every second while the job waits or runs. */
export const POLL_MS = 1000;
/** Reads in a row that may fail (network, server restart) before the page says so. */
const MAX_POLL_FAILURES = 5;

/** Codes meaning the job is not (or no longer) this visitor's: forget it. */
const GONE_CODES: ReadonlySet<number> = new Set([
  ErrorCode.NOT_FOUND,
  ErrorCode.INVALID_INPUT,
  ErrorCode.FORBIDDEN,
]);

export interface JobPolling<Status extends JobStatus> {
  getStatus: (id: string, signal: AbortSignal) => Promise<Status>;
  dispatch: (event: JobEvent<never, Status>) => void;
  /** The job ended (done or failed); its status has been dispatched. */
  onFinished?: (status: Status) => void;
  /** The job is not this visitor's any more; `reset` follows. */
  onGone?: () => void;
  /** The message shown when the job's state could not be read for a while. */
  lostMessage: string;
}

/**
 * Reads job `id`'s status about every second until it ends, dispatching each answer; a job that
 * is gone resets the state, and reads failing in a row end in `lost`. A failed job's credits
 * were returned, so the balance is read again.
 */
export function useJobPolling<Status extends JobStatus>(id: string | null, options: JobPolling<Status>) {
  const ref = useRef(options);
  useEffect(() => {
    ref.current = options;
  });

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const tick = async () => {
      try {
        const status = await ref.current.getStatus(id, controller.signal);
        if (controller.signal.aborted) return;
        failures = 0;
        ref.current.dispatch({ type: 'status', status });
        if (status.state === 'done' || status.state === 'failed') {
          ref.current.onFinished?.(status);
          if (status.state === 'failed') creditsEvents.emit('-5');
          return;
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.kind === 'business' && GONE_CODES.has(err.code)) {
          ref.current.onGone?.();
          ref.current.dispatch({ type: 'reset' });
          return;
        }
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) {
          ref.current.dispatch({ type: 'lost', message: ref.current.lostMessage });
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
  }, [id]);
}

export interface JobSubmission<Request> {
  create: (request: Request) => Promise<{ id: string }>;
  dispatch: (event: JobEvent<Request, never>) => void;
  /** The job was accepted (before the state says so). */
  onAccepted?: (id: string) => void;
  /** Refusals Retry cannot change: the same request would be refused again. */
  finalCodes: ReadonlySet<number>;
  /** Refusals a dialog answers, by code: the state goes back to before and `open` runs. */
  dialogs?: ReadonlyMap<number, () => void>;
  /** The message of a refusal without one of its own. */
  errorText: string;
}

/** Sends a job's request: the state goes sending, then queued, or back or failed on a refusal. */
export async function submitJob<Request>(
  request: Request,
  { create, dispatch, onAccepted, finalCodes, dialogs, errorText }: JobSubmission<Request>,
): Promise<void> {
  dispatch({ type: 'send', request });
  try {
    const { id } = await create(request);
    onAccepted?.(id);
    dispatch({ type: 'accepted', id });
    creditsEvents.emit('-5');
  } catch (err) {
    const code = err instanceof ApiError ? err.code : 0;
    const open = dialogs?.get(code);
    if (code === ErrorCode.NOT_ENOUGH_CREDITS) {
      // The credits dialog opened already.
      dispatch({ type: 'cancel' });
    } else if (open) {
      dispatch({ type: 'cancel' });
      open();
    } else {
      dispatch({ type: 'refused', message: errorMessage(err, errorText), canRetry: !finalCodes.has(code) });
    }
  }
}
