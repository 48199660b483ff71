export {
  convertVoice,
  resample,
  medianPitch,
  pitchTrack,
  shiftPitch,
  spectralEnvelope,
  voiceProfile,
  type VoiceProfile,
} from './convert';
export { decodeWav, encodeWav } from './wav';
