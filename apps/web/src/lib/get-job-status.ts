import * as API from '@lumi/contract/api-routes/images';
import { call } from '@/lib/api-client';

/** The status call's timeout (spec §9). */
const STATUS_TIMEOUT_MS = 200_000;

/**
 * GET /cgi-bin/auth/aigc/status?id=: where a job (a picture, a face swap) is; polled while it
 * is queued or running.
 */
export function getJobStatus(id: string, signal?: AbortSignal) {
  return call(API.jobStatus, { query: { id }, silent: true, timeoutMs: STATUS_TIMEOUT_MS, signal });
}
