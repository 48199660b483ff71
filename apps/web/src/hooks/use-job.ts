import { ErrorCode, type JobStatus } from '@lumi/contract';
import { useQuery } from '@tanstack/react-query';
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

/** What one read of a job's status came to. */
type PollResult<Status> =
  | { kind: 'status'; status: Status }
  /** The job is not this visitor's any more. */
  | { kind: 'gone' }
  /** The read failed; another follows. */
  | { kind: 'failed' }
  /** Reads failed `MAX_POLL_FAILURES` times in a row. */
  | { kind: 'lost' };

const ended = (status: JobStatus) => status.state === 'done' || status.state === 'failed';

/**
 * Reads job `id`'s status about every second (a query's `refetchInterval`) until it ends,
 * dispatching each answer; a job that is gone resets the state, and reads failing in a row end
 * in `lost`. A failed job's credits were returned, so the balance is read again.
 */
export function useJobPolling<Status extends JobStatus>(id: string | null, options: JobPolling<Status>) {
  const ref = useRef(options);
  useEffect(() => {
    ref.current = options;
  });
  /** Failed reads in a row, of this id. */
  const failures = useRef({ id, count: 0 });

  const { data: result } = useQuery({
    queryKey: ['job', id],
    queryFn: async ({ signal }): Promise<PollResult<Status>> => {
      if (failures.current.id !== id) failures.current = { id, count: 0 };
      try {
        const status = await ref.current.getStatus(id as string, signal);
        failures.current.count = 0;
        return { kind: 'status', status };
      } catch (err) {
        if (signal.aborted) throw err;
        if (err instanceof ApiError && err.kind === 'business' && GONE_CODES.has(err.code))
          return { kind: 'gone' };
        failures.current.count += 1;
        return failures.current.count >= MAX_POLL_FAILURES ? { kind: 'lost' } : { kind: 'failed' };
      }
    },
    enabled: id !== null,
    // Each read is news (the same status twice is dispatched twice), and none outlives the page.
    structuralSharing: false,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data === undefined || data.kind === 'failed') return POLL_MS;
      return data.kind === 'status' && !ended(data.status) ? POLL_MS : false;
    },
  });

  useEffect(() => {
    if (result === undefined) return;
    const current = ref.current;
    switch (result.kind) {
      case 'status':
        current.dispatch({ type: 'status', status: result.status });
        if (ended(result.status)) {
          current.onFinished?.(result.status);
          if (result.status.state === 'failed') creditsEvents.emit('-5');
        }
        break;
      case 'gone':
        current.onGone?.();
        current.dispatch({ type: 'reset' });
        break;
      case 'lost':
        current.dispatch({ type: 'lost', message: current.lostMessage });
        break;
      case 'failed':
        // The next read follows.
        break;
    }
  }, [result]);
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
