import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { AudioFormat } from '@lumi/contract';

/** The ffmpeg that ships inside its npm package (no system install). */
export const FFMPEG = ffmpegInstaller.path;

/** The sample rate every engine's audio is brought to (mono), as cloning engines expect. */
export const SAMPLE_RATE = 22_050;

/** Audio that can't be used: wrong format, corrupt, silent. `key` is the message to show. */
export class AudioError extends Error {
  override name = 'AudioError';
  constructor(readonly key: 'audio_format' | 'audio_corrupt' | 'audio_silent') {
    super(key);
  }
}

/** The container of audio bytes, from their first bytes (never from the file's name). */
export function sniffAudio(head: Buffer): AudioFormat | undefined {
  if (
    head.length >= 12 &&
    head.toString('ascii', 0, 4) === 'RIFF' &&
    head.toString('ascii', 8, 12) === 'WAVE'
  ) {
    return 'wav';
  }
  if (head.length >= 4 && head.toString('ascii', 0, 4) === 'OggS') return 'ogg';
  if (head.length >= 12 && head.toString('ascii', 4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 3 && head.toString('ascii', 0, 3) === 'ID3') return 'mp3';
  if (head.length >= 2 && head[0] === 0xff) {
    // ADTS (AAC) has layer bits 00; MPEG audio layer III has 01.
    if ((head[1]! & 0xf6) === 0xf0) return 'aac';
    if ((head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) === 0x02) return 'mp3';
  }
  return undefined;
}

function run(args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg exited ${code}: ${err.slice(0, 500)}`));
    });
    if (input) {
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(input);
    }
  });
}

/**
 * Decodes any audio ffmpeg reads (a file or bytes) to mono float samples at SAMPLE_RATE. The
 * real duration is what comes out, whatever a header says. Corrupt input is an AudioError.
 */
export async function decodeAudio(
  input: { file: string } | { bytes: Buffer },
  maxSeconds = 600,
): Promise<Float32Array> {
  const source = 'file' in input ? input.file : 'pipe:0';
  let raw: Buffer;
  try {
    raw = await run(
      [
        '-i',
        source,
        '-t',
        String(maxSeconds + 1),
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-f',
        'f32le',
        'pipe:1',
      ],
      'bytes' in input ? input.bytes : undefined,
    );
  } catch {
    throw new AudioError('audio_corrupt');
  }
  const pcm = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
  if (pcm.length === 0) throw new AudioError('audio_corrupt');
  return Float32Array.from(pcm);
}

/** The first bytes of a file, for sniffing its format. */
export async function readHead(file: string, length = 16): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function isSilent(pcm: Float32Array): boolean {
  let peak = 0;
  let sum = 0;
  for (const s of pcm) {
    peak = Math.max(peak, Math.abs(s));
    sum += s * s;
  }
  return peak < 0.01 || Math.sqrt(sum / pcm.length) < 0.002;
}

/** Encodes mono float samples as MP3 (128 kb/s) or 16-bit WAV. */
export async function encodeAudio(pcm: Float32Array, format: 'mp3' | 'wav'): Promise<Buffer> {
  const input = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const codec =
    format === 'mp3'
      ? ['-codec:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3']
      : ['-codec:a', 'pcm_s16le', '-f', 'wav'];
  return run(
    ['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0', ...codec, 'pipe:1'],
    input,
  );
}

export const seconds = (pcm: Float32Array) => pcm.length / SAMPLE_RATE;
