export * from './types';
export { DemoChatEngine, type DemoChatOptions } from './demo';
export { OpenAICompatibleEngine, type OpenAICompatibleOptions } from './openai';
export { estimateTokens, PROFILE_SETTINGS, type ProfileSetting } from './profiles';
