import type { JobImage, JobStatus } from '@lumi/contract';
import type { FaceBox } from './face-boxes';

/** What one swap sends: the two photos and which face of the base photo to replace. */
export interface SwapRequest {
  base: File;
  face: File;
  /** Index among the base photo's faces, largest first. */
  baseFace: number;
}

/** The status call's answer for a face swap job: with the base photo's faces when it had several. */
export type SwapStatus = JobStatus & { faces?: FaceBox[] };

/**
 * One face swap (spec §4): Swap, then in queue (position and wait), then swapping, then the
 * swapped photo or a failure with Retry.
 */
export type Swap =
  | { phase: 'idle' }
  /** The photos are on their way; `previous` comes back if the credits dialog refuses it. */
  | { phase: 'sending'; request: SwapRequest; previous: Swap }
  | { phase: 'queued'; id: string; request: SwapRequest; position?: number; waitSeconds?: number }
  | { phase: 'running'; id: string; request: SwapRequest; progress?: number }
  | { phase: 'done'; id: string; request: SwapRequest; image: JobImage; faces: FaceBox[] }
  | {
      phase: 'failed';
      id?: string;
      request: SwapRequest;
      message: string;
      /** What Retry does: send the photos again, read the job's state again, or nothing. */
      retry: 'send' | 'poll' | null;
    };

export type SwapEvent =
  | { type: 'send'; request: SwapRequest }
  | { type: 'accepted'; id: string }
  /** Refused by a dialog (not enough credits): back to before. */
  | { type: 'cancel' }
  | { type: 'refused'; message: string; canRetry: boolean }
  | { type: 'resume'; id: string; request: SwapRequest }
  | { type: 'status'; status: SwapStatus }
  /** The job's state could not be read for a while. */
  | { type: 'lost'; message: string }
  /** The job is not this visitor's any more: forget it. */
  | { type: 'reset' };

export const idle: Swap = { phase: 'idle' };

/** The job whose status is read while it waits or runs. */
export function pollingId(state: Swap): string | null {
  return state.phase === 'queued' || state.phase === 'running' ? state.id : null;
}

export const isBusy = (state: Swap) => state.phase === 'sending' || pollingId(state) !== null;

/** A kept state as the page starts again: a send in flight was lost with the page that made it. */
export function settle(state: Swap): Swap {
  return state.phase === 'sending' ? settle(state.previous) : state;
}

export function swapReducer(state: Swap, event: SwapEvent): Swap {
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
      return { phase: 'queued', id: event.id, request: event.request };
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

function fromStatus(state: Swap, status: SwapStatus): Swap {
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
      const image = status.images?.[0];
      return image
        ? { phase: 'done', id, request, image, faces: status.faces ?? [] }
        : { phase: 'failed', id, request, message: '', retry: 'send' };
    }
    case 'failed':
      return { phase: 'failed', id, request, message: status.message ?? '', retry: 'send' };
  }
}
