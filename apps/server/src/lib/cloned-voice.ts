import type { VoiceProfile } from '@lumi/engines';
import type { JobRow } from '../db/schema';

/**
 * What a clone keeps of the reference voice for later speech (issue 22): its median pitch,
 * spectral envelope and loudness, a few hundred numbers; the recording itself is deleted once
 * the clone is done, as before. A character's cloned voice speaks through this profile.
 */
export interface StoredProfile {
  pitch: number | null;
  envelope: number[];
  rms: number;
}

export const storedProfile = (p: VoiceProfile): StoredProfile => ({
  pitch: Number.isFinite(p.pitch) ? p.pitch : null,
  envelope: Array.from(p.envelope),
  rms: p.rms,
});

export const voiceProfileOf = (p: StoredProfile): VoiceProfile => ({
  pitch: p.pitch ?? Number.NaN,
  envelope: Float32Array.from(p.envelope),
  rms: p.rms,
});

/**
 * The voice profile of a finished clone made with consent, or undefined: another kind of job,
 * not done, no consent recorded, or made before clones kept their profile.
 */
export function cloneProfileOf(job: JobRow): StoredProfile | undefined {
  if (job.kind !== 'voice_clone' || job.state !== 'done') return undefined;
  const consent = (job.input as { consent?: { at?: unknown } } | null)?.consent;
  if (typeof consent?.at !== 'number') return undefined;
  const profile = (job.result as { profile?: StoredProfile } | null)?.profile;
  return profile && Array.isArray(profile.envelope) && profile.envelope.length > 0 ? profile : undefined;
}
