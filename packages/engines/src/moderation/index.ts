export * from './types';
export * from './floor';
export * from './openai-moderation';
export * from './llama-guard';
export * from './nsfw-image';
export { apiBase, MODERATION_TIMEOUT_MS } from './http';
