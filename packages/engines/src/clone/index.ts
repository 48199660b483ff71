export * from './types';
export { ConvertCloneEngine } from './convert';
export { ElevenLabsCloneEngine } from './elevenlabs';
