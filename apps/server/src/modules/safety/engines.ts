import type { ModerationEngine } from '@lumi/engines';
import type { Config } from '../../config';

/**
 * The moderation backends the configuration names (the offline floor is always on and is not
 * listed here): MODERATION_URL for an OpenAI-compatible `/v1/moderations`, MODERATION_MODEL for
 * a Llama Guard style model on a chat server; the offline NSFW image classifier.
 */
export function moderationEnginesFor(_config: Config): { text: ModerationEngine[]; image?: ModerationEngine } {
  return { text: [] };
}
