import type { ImageBody, JobImage, JobStatus } from '@lumi/contract';

/**
 * One generation on a tool page (spec §4): Generate, then in queue (position and wait), then
 * Generating, then the results or a failure with Retry.
 */
export type Generation =
  | { phase: 'idle' }
  /** The request is on its way; `previous` comes back if it is refused with a dialog. */
  | { phase: 'sending'; request: ImageBody; previous: Generation }
  /** Back on the page with a job id kept from before: its state is being read. */
  | { phase: 'checking'; id: string; request: ImageBody }
  | { phase: 'queued'; id: string; request: ImageBody; position?: number; waitSeconds?: number }
  | { phase: 'running'; id: string; request: ImageBody; progress?: number }
  | { phase: 'done'; id: string; request: ImageBody; images: JobImage[]; preview: boolean }
  | {
      phase: 'failed';
      id?: string;
      request: ImageBody;
      message: string;
      /** What Retry does: send the request again, read the job's state again, or nothing. */
      retry: 'send' | 'poll' | null;
    };

export type GenerationEvent =
  | { type: 'send'; request: ImageBody }
  | { type: 'accepted'; id: string }
  /** The request was refused by a dialog (credits, adult content): back to before. */
  | { type: 'cancel' }
  | { type: 'refused'; message: string; canRetry: boolean }
  | { type: 'resume'; id: string; request: ImageBody }
  | { type: 'status'; status: JobStatus }
  /** The job's state could not be read for a while. */
  | { type: 'lost'; message: string }
  | { type: 'reset' };

export const idle: Generation = { phase: 'idle' };

/** Phases whose job is still on the server's queue: the page polls them. */
export function pollingId(state: Generation): string | null {
  return state.phase === 'checking' || state.phase === 'queued' || state.phase === 'running'
    ? state.id
    : null;
}

export const isBusy = (state: Generation) => state.phase === 'sending' || pollingId(state) !== null;

export function generationReducer(state: Generation, event: GenerationEvent): Generation {
  switch (event.type) {
    case 'send':
      return { phase: 'sending', request: event.request, previous: state };
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
      return { phase: 'checking', id: event.id, request: event.request };
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
}

function fromStatus(state: Generation, status: JobStatus): Generation {
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
    case 'done':
      return { phase: 'done', id, request, images: status.images ?? [], preview: status.preview };
    case 'failed':
      return { phase: 'failed', id, request, message: status.message ?? '', retry: 'send' };
  }
}
