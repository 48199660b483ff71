import type { SharedImage } from '@lumi/contract';
import { api } from '@/lib/api-client';

/** POST /cgi-bin/auth/aigc/image/share: makes one result public; sharing it again answers the same. */
export function shareImage(id: string, index: number): Promise<SharedImage> {
  return api<SharedImage>('/auth/aigc/image/share', { json: { id, index }, silent: true });
}
