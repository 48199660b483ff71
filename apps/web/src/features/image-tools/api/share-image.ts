import * as API from '@lumi/contract/api-routes/images';
import type { SharedImage } from '@lumi/contract';
import { call } from '@/lib/api-client';

/** POST /cgi-bin/auth/aigc/image/share: makes one result public; sharing it again answers the same. */
export function shareImage(id: string, index: number): Promise<SharedImage> {
  return call(API.imageShare, { json: { id, index }, silent: true });
}
