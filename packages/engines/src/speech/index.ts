export * from './types';
export { EspeakEngine } from './espeak';
export { ElevenLabsEngine, type ElevenLabsOptions } from './elevenlabs';
export { OpenAISpeechEngine, type OpenAISpeechOptions } from './openai-speech';
export { splitSentences } from './split';
export { resampleWav, speakText } from './speak';
