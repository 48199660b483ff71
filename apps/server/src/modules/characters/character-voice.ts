import { clonedVoiceJob, ErrorCode, isPresetVoice } from '@lumi/contract';
import type { Db } from '../../db/client';
import type { Character } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { findJob } from '../jobs/jobs.repository';
import { cloneProfileOf } from '../../lib/cloned-voice';

const refused = (key: 'voice_clone_private' | 'voice_unavailable') =>
  new BusinessError(ErrorCode.INVALID_INPUT, key);

/**
 * A character's voice (issue 22), checked on create and modify: a preset, or one of the owner's
 * cloned voices (a finished clone of theirs, made with the consent its job keeps), which only a
 * private character may have. A character that becomes public keeps no cloned voice: the change
 * is refused until a preset is chosen (docs/decisions.md "Character voice").
 */
export async function checkCharacterVoice(
  db: Db,
  ownerId: string,
  voiceId: string | null,
  visibility: Character['visibility'],
): Promise<void> {
  if (voiceId === null || isPresetVoice(voiceId)) return;
  const jobId = clonedVoiceJob(voiceId);
  const job = jobId ? await findJob(db, jobId) : undefined;
  if (!job || job.userId !== ownerId || !cloneProfileOf(job)) throw refused('voice_unavailable');
  if (visibility !== 'private') throw refused('voice_clone_private');
}
