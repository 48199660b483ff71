import { ErrorCode } from '@lumi/contract';
import type { ModerationResult } from '@lumi/engines';
import { BusinessError } from '../../lib/errors';
import type { ModerationService } from '../safety/moderation.service';

/** The classifier found adult content in the picture (allowed or not). */
export function isExplicit(result: ModerationResult): boolean {
  return result.categories.includes('sexual') || result.categories.includes('sexual/minors');
}

/**
 * Whether a picture may be used where `adult` says if adult content is allowed: never when the
 * classifier refuses it, and never an explicit one where adult content is off (whatever verdict
 * a given classifier gives for that).
 */
export function pictureRefused(result: ModerationResult, adult: boolean): boolean {
  return result.verdict === 'refuse' || (!adult && isExplicit(result));
}

/**
 * Classifies an uploaded photo (an avatar, a face swap photo) and refuses an explicit one where
 * adult content is off with the envelope's 100009 'image_explicit'; answers the result otherwise.
 */
export async function requireUploadAllowed(
  moderation: ModerationService,
  bytes: Uint8Array,
  adult: boolean,
  userId: string,
): Promise<ModerationResult> {
  const result = await moderation.checkImage(bytes, { surface: 'upload', adult }, userId);
  if (pictureRefused(result, adult)) {
    throw new BusinessError(ErrorCode.CONTENT_POLICY, 'image_explicit');
  }
  return result;
}
