import {
  LlamaGuardEngine,
  NsfwImageEngine,
  OpenAIModerationEngine,
  type ModerationEngine,
} from '@lumi/engines';
import type { Config } from '../../config';

/**
 * The moderation backends the configuration names (the offline floor is always on and is not
 * listed here): MODERATION_URL for an OpenAI-compatible `/v1/moderations`, MODERATION_MODEL for
 * a Llama Guard style model on a chat server, in that order; pictures go to the offline nsfwjs
 * classifier unless MODERATION_IMAGES says `openai` (omni-moderation at MODERATION_URL) or `off`.
 * Nothing is loaded here: the nsfwjs model loads on the first picture.
 */
export function moderationEnginesFor(config: Config): { text: ModerationEngine[]; image?: ModerationEngine } {
  const { openai, llamaGuard, images, imageThreshold, timeoutMs } = config.moderation;
  const text: ModerationEngine[] = [];
  let moderations: OpenAIModerationEngine | undefined;
  if (openai) {
    moderations = new OpenAIModerationEngine({
      baseUrl: openai.url,
      apiKey: openai.apiKey,
      model: openai.model,
      images: images === 'openai',
      timeoutMs,
    });
    text.push(moderations);
  }
  if (llamaGuard) {
    text.push(
      new LlamaGuardEngine({
        baseUrl: llamaGuard.url,
        apiKey: llamaGuard.apiKey,
        model: llamaGuard.model,
        timeoutMs,
      }),
    );
  }
  if (images === 'off') return { text };
  if (images === 'openai' && moderations) return { text, image: moderations };
  return { text, image: new NsfwImageEngine({ threshold: imageThreshold }) };
}
