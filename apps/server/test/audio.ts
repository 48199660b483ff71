import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { voiceById } from '@lumi/contract';
import { EspeakEngine } from '@lumi/engines';
import { FFMPEG } from '../src/lib/audio';

/** Speech of exactly `seconds` s by eSpeak NG in a voice, as a WAV file in `dir`: a recording. */
export async function speechWav(dir: string, voiceId: string, seconds: number): Promise<string> {
  const voice = voiceById(voiceId);
  if (!voice) throw new Error(voiceId);
  const words =
    'the keeper of the lighthouse counts the ships that pass the rocks at night and writes their names';
  const text = Array.from({ length: Math.ceil(seconds / 2) }, () => `${words}.`).join(' ');
  const wav = (await new EspeakEngine().synthesize({ text, voice })).bytes;
  const raw = path.join(dir, `${voiceId}-raw.wav`);
  fs.writeFileSync(raw, wav);
  const out = path.join(dir, `${voiceId}-${seconds}.wav`);
  const cut = spawnSync(FFMPEG, ['-y', '-loglevel', 'error', '-i', raw, '-t', String(seconds), out]);
  if (cut.status !== 0) throw new Error(cut.stderr.toString());
  return out;
}
