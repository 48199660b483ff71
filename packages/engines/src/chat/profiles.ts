import type { ModelProfileId } from '@lumi/contract';
import type { Sampling } from './types';

export interface ProfileSetting {
  /** The context window the prompt is fitted into, reply included. */
  contextTokens: number;
  /** Longest reply. */
  maxTokens: number;
  sampling: Sampling;
}

/**
 * Sampling defaults of each model profile of spec §3. Story profiles run warmer and longer;
 * dialogue profiles answer shorter and stay closer to the point. The backend model behind each
 * profile comes from config (LLM_MODEL and its per-profile overrides).
 */
export const PROFILE_SETTINGS: Record<ModelProfileId, ProfileSetting> = {
  'nela-8b': {
    contextTokens: 8192,
    maxTokens: 400,
    sampling: { temperature: 0.9, topP: 0.92, maxTokens: 400, frequencyPenalty: 0.2, presencePenalty: 0.3 },
  },
  'lula-12b': {
    contextTokens: 16384,
    maxTokens: 500,
    sampling: { temperature: 0.85, topP: 0.9, maxTokens: 500, frequencyPenalty: 0.15, presencePenalty: 0.3 },
  },
  'genla-8b': {
    contextTokens: 8192,
    maxTokens: 300,
    sampling: { temperature: 0.7, topP: 0.9, maxTokens: 300, frequencyPenalty: 0.1, presencePenalty: 0.1 },
  },
  'roleplay-1': {
    contextTokens: 8192,
    maxTokens: 450,
    sampling: { temperature: 1.0, topP: 0.95, maxTokens: 450, frequencyPenalty: 0.3, presencePenalty: 0.4 },
  },
  'roleplay-2': {
    contextTokens: 16384,
    maxTokens: 600,
    sampling: { temperature: 0.95, topP: 0.95, maxTokens: 600, frequencyPenalty: 0.3, presencePenalty: 0.4 },
  },
  'dialogue-1': {
    contextTokens: 8192,
    maxTokens: 250,
    sampling: { temperature: 0.75, topP: 0.9, maxTokens: 250, frequencyPenalty: 0.2, presencePenalty: 0.2 },
  },
  'girlfriend-1': {
    contextTokens: 8192,
    maxTokens: 300,
    sampling: { temperature: 0.85, topP: 0.92, maxTokens: 300, frequencyPenalty: 0.2, presencePenalty: 0.3 },
  },
};
