import * as API from '@lumi/contract/api-routes/images';
import type { ImageBody } from '@lumi/contract';
import { call } from '@/lib/api-client';

/** The image call's timeout (spec §9). */
const IMAGE_TIMEOUT_MS = 300_000;

/**
 * POST /cgi-bin/auth/aigc/image: queues one generation and answers its job id. Silent: the
 * page shows a refusal in its result area (100002 still opens the credits dialog).
 */
export function createImage(body: ImageBody): Promise<{ id: string }> {
  return call(API.imageCreate, { json: body, silent: true, timeoutMs: IMAGE_TIMEOUT_MS });
}
