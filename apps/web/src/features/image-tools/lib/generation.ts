import type { ImageBody, JobImage } from '@lumi/contract';
import { jobReducer, type JobEvent, type JobState } from '@/lib/job-status';

export { idle, isBusy, pollingId } from '@/lib/job-status';

/**
 * One generation on a tool page (spec §4): Generate, then in queue (position and wait), then
 * Generating, then the results or a failure with Retry.
 */
export type Generation = JobState<ImageBody, { images: JobImage[]; preview: boolean }>;

export type GenerationEvent = JobEvent<ImageBody>;

/** A resumed job is checked first (it may have ended while the page was away). */
export const generationReducer = jobReducer<ImageBody, { images: JobImage[]; preview: boolean }>({
  done: (status) => ({ images: status.images ?? [], preview: status.preview }),
  resumeAs: 'checking',
});
