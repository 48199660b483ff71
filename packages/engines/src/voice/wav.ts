import { encodeWav as encodeWavBytes } from '@lumi/contract';

/** 16-bit PCM WAV to mono float samples: enough for eSpeak's output and our own. */
export function decodeWav(bytes: Buffer): { sampleRate: number; pcm: Float32Array } {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(body + 2);
      sampleRate = bytes.readUInt32LE(body + 4);
      bits = bytes.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`WAV with ${bits}-bit samples`);
      // Streamed WAVs (eSpeak to a pipe) may say 0 or too much: read what is there.
      if (size === 0 || body + size > bytes.length) size = bytes.length - body;
      const frames = Math.floor(size / 2 / channels);
      const pcm = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let s = 0;
        for (let c = 0; c < channels; c++) s += bytes.readInt16LE(body + (i * channels + c) * 2);
        pcm[i] = s / channels / 32768;
      }
      return { sampleRate, pcm };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

/** The contract's WAV writer (16-bit mono PCM), as a Buffer for Node's streams and storage. */
export function encodeWav(pcm: Float32Array, sampleRate: number): Buffer {
  return Buffer.from(encodeWavBytes(pcm, sampleRate));
}
