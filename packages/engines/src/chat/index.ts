export * from './types';
export { DemoChatEngine, type DemoChatOptions } from './demo';
export { OpenAICompatibleEngine, type OpenAICompatibleOptions } from './openai';
export { PROFILE_SETTINGS, type ProfileSetting } from './profiles';
export { countTokens, createTokenCounter } from './tokens';
export { extractiveSummary, fitSummary, summarize, summaryMessages, summaryReplyTokens } from './summary';
export { describeScene, extractiveScene, fitScene, sceneMessages } from './scene';
