import * as API from '@lumi/contract/api-routes/images';
import { call } from '@/lib/api-client';
import type { SwapRequest } from '../lib/swap-state';

/** The upload's timeout: two photos of up to 10 MB each on a slow line (spec §9's image call). */
const SWAP_TIMEOUT_MS = 300_000;

/**
 * POST /cgi-bin/auth/aigc/image, multipart with type=faceswap: the base photo, the face, the
 * user's consent and which face of the base photo to replace; answers the job's id. Silent: the
 * page shows a refusal in its result area (100002 still opens the credits dialog).
 */
export function createFaceSwap(request: SwapRequest): Promise<{ id: string }> {
  const form = new FormData();
  form.set('type', 'faceswap');
  // The page only sends once the user has ticked the consent box.
  form.set('consent', 'true');
  form.set('base_face', String(request.baseFace));
  form.set('base', request.base, request.base.name);
  form.set('face', request.face, request.face.name);
  return call(API.imageCreate, {
    formData: form,
    silent: true,
    timeoutMs: SWAP_TIMEOUT_MS,
  });
}
