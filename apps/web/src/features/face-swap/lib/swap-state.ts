import type { JobImage, JobStatus } from '@lumi/contract';
import { jobReducer, type JobEvent, type JobState } from '@/lib/job-status';
import type { FaceBox } from './face-boxes';

export { idle, isBusy, pollingId, settle } from '@/lib/job-status';

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
export type Swap = JobState<SwapRequest, { image: JobImage; faces: FaceBox[] }>;

export type SwapEvent = JobEvent<SwapRequest, SwapStatus>;

/** A done job without a picture is a failure; a resumed job waits in queue until read. */
export const swapReducer = jobReducer<SwapRequest, { image: JobImage; faces: FaceBox[] }, SwapStatus>({
  done: (status) => {
    const image = status.images?.[0];
    return image ? { image, faces: status.faces ?? [] } : null;
  },
  resumeAs: 'queued',
});
