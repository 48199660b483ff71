import type { JobStatus } from '@lumi/contract';

/**
 * One job on the server's queue as a page shows it (spec §4): the request is sent, then waits in
 * queue (position and wait), then runs, then is done or failed with Retry. `Request` is what the
 * page sent; `Done` is what the page keeps of a finished job.
 */
export type JobState<Request, Done extends object> =
  | { phase: 'idle' }
  /** The request is on its way; `previous` comes back if a dialog refuses it. */
  | { phase: 'sending'; request: Request; previous: JobState<Request, Done> }
  /** Back on the page with a job id kept from before: its state is being read. */
  | { phase: 'checking'; id: string; request: Request }
  | { phase: 'queued'; id: string; request: Request; position?: number; waitSeconds?: number }
  | { phase: 'running'; id: string; request: Request; progress?: number }
  | ({ phase: 'done'; id: string; request: Request } & Done)
  | {
      phase: 'failed';
      id?: string;
      request: Request;
      message: string;
      /** What Retry does: send the request again, read the job's state again, or nothing. */
      retry: 'send' | 'poll' | null;
    };

export type JobEvent<Request, Status extends JobStatus = JobStatus> =
  | { type: 'send'; request: Request }
  | { type: 'accepted'; id: string }
  /** The request was refused by a dialog (credits, adult content): back to before. */
  | { type: 'cancel' }
  | { type: 'refused'; message: string; canRetry: boolean }
  | { type: 'resume'; id: string; request: Request }
  | { type: 'status'; status: Status }
  /** The job's state could not be read for a while. */
  | { type: 'lost'; message: string }
  /** The job is not this visitor's any more: forget it. */
  | { type: 'reset' };

export const idle = { phase: 'idle' } as const satisfies JobState<never, object>;

/** Phases whose job is still on the server's queue: the page polls them. */
export function pollingId(state: JobState<unknown, object>): string | null {
  return state.phase === 'checking' || state.phase === 'queued' || state.phase === 'running'
    ? state.id
    : null;
}

export const isBusy = (state: JobState<unknown, object>) =>
  state.phase === 'sending' || pollingId(state) !== null;

/** A kept state as the page starts again: a send in flight was lost with the page that made it. */
export function settle<S extends JobState<unknown, object>>(state: S): S {
  return state.phase === 'sending' ? settle(state.previous as S) : state;
}

export interface JobMachine<Done extends object, Status extends JobStatus> {
  /** What a done job keeps from its status; null when it brought nothing to show (a failure). */
  done: (status: Status) => Done | null;
  /** The phase a resumed job starts in until its state is read. */
  resumeAs: 'checking' | 'queued';
}

/** The reducer of one page's job, given what its done phase keeps and how it resumes. */
export function jobReducer<Request, Done extends object, Status extends JobStatus = JobStatus>({
  done,
  resumeAs,
}: JobMachine<Done, Status>) {
  type State = JobState<Request, Done>;

  function fromStatus(state: State, status: Status): State {
    // A late answer about a job the page has moved on from changes nothing.
    if (pollingId(state) !== status.id || !('request' in state)) return state;
    const { request } = state;
    const id = status.id;
    switch (status.state) {
      case 'queued':
        return {
          phase: 'queued',
          id,
          request,
          ...(status.position === undefined ? {} : { position: status.position }),
          ...(status.wait_seconds === undefined ? {} : { waitSeconds: status.wait_seconds }),
        };
      case 'running':
        return {
          phase: 'running',
          id,
          request,
          ...(status.progress === undefined ? {} : { progress: status.progress }),
        };
      case 'done': {
        const kept = done(status);
        return kept
          ? { ...kept, phase: 'done', id, request }
          : { phase: 'failed', id, request, message: '', retry: 'send' };
      }
      case 'failed':
        return { phase: 'failed', id, request, message: status.message ?? '', retry: 'send' };
    }
  }

  return function reducer(state: State, event: JobEvent<Request, Status>): State {
    switch (event.type) {
      case 'send':
        return { phase: 'sending', request: event.request, previous: settle(state) };
      case 'accepted':
        return state.phase === 'sending' ? { phase: 'queued', id: event.id, request: state.request } : state;
      case 'cancel':
        return state.phase === 'sending' ? state.previous : state;
      case 'refused':
        return state.phase === 'sending'
          ? {
              phase: 'failed',
              request: state.request,
              message: event.message,
              retry: event.canRetry ? 'send' : null,
            }
          : state;
      case 'resume':
        return { phase: resumeAs, id: event.id, request: event.request };
      case 'status':
        return fromStatus(state, event.status);
      case 'lost': {
        const id = pollingId(state);
        return id !== null && 'request' in state
          ? { phase: 'failed', id, request: state.request, message: event.message, retry: 'poll' }
          : state;
      }
      case 'reset':
        return idle;
    }
  };
}
