import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@lumi/contract';
import { medianPitch } from '@lumi/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, FFMPEG, SAMPLE_RATE } from '../../lib/audio';
import {
  useTestApp,
  creditsLeft,
  loginTourist,
  messagesFile,
  type MultipartFields,
  postMultipart,
  type Envelope,
} from '../../../test/helpers';
import { speechWav as speechAt } from '../../../test/audio';

const en = messagesFile('en');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-audio-'));

const speechWav = (voiceId: string, seconds: number) => speechAt(dir, voiceId, seconds);

/** The WAV in another container: mp3, aac (ADTS), ogg (Vorbis) or mp4 (AAC in M4A). */
function transcode(wav: string, format: string): string {
  const out = wav.replace(/\.wav$/, `-as.${format === 'mp4' ? 'm4a' : format}`);
  const codec: Record<string, string[]> = {
    wav: ['-c:a', 'pcm_s16le'],
    mp3: ['-c:a', 'libmp3lame', '-b:a', '64k'],
    aac: ['-c:a', 'aac', '-f', 'adts'],
    ogg: ['-c:a', 'libvorbis'],
    mp4: ['-c:a', 'aac', '-f', 'mp4'],
  };
  const r = spawnSync(FFMPEG, [
    '-y',
    '-loglevel',
    'error',
    '-i',
    wav,
    '-ac',
    '1',
    '-ar',
    '44100',
    ...codec[format]!,
    out,
  ]);
  if (r.status !== 0) throw new Error(r.stderr.toString());
  return out;
}

describe('voice tools', () => {
  let ref15 = '';
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const t = useTestApp({ env: { DAILY_FREE_CREDITS: '500' } });
  beforeAll(async () => {
    ref15 = await speechWav('gordon', 15);
  });

  const balance = (cookie: string) => creditsLeft(t.app, cookie);
  const tts = (cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/aigc/speech/text-to-speech',
      headers: { cookie },
      payload,
    });
  const clone = (cookie: string, fields: MultipartFields) =>
    postMultipart(t.app, '/cgi-bin/auth/aigc/speech/custom', cookie, fields);
  const file = (p: string, type = 'application/octet-stream') => ({
    filename: path.basename(p),
    contentType: type,
    data: fs.readFileSync(p),
  });

  it('lists the 17 voices with their fields and a sample each', async () => {
    const me = await loginTourist(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/aigc/speech/voices',
      headers: { cookie: me.cookie },
    });
    const { voices, offline } =
      res.json<Envelope<{ voices: Record<string, string>[]; offline: boolean }>>().data;
    expect(voices).toHaveLength(17);
    expect(offline).toBe(true);
    expect(Object.keys(voices[0]!).sort()).toEqual(
      ['accent', 'age', 'description', 'gender', 'name', 'preview_url', 'use_case', 'voice_id'].sort(),
    );
    const sample = await t.app.inject({ method: 'GET', url: voices[0]!.preview_url! });
    expect(sample.statusCode).toBe(302);
    const audio = await t.app.inject({ method: 'GET', url: sample.headers.location! });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.length).toBeGreaterThan(5000);
  });

  it('speaks text in the chosen voice, charged per started 100 characters; two voices differ', async () => {
    const me = await loginTourist(t.app);
    const text =
      'Good evening. The ships are late tonight, but the light is on and the kettle is warm. '.repeat(3);
    expect(text.length).toBeGreaterThan(200);
    const before = await balance(me.cookie);
    const aria = await tts(me.cookie, { voice_id: 'aria', text });
    expect(aria.statusCode).toBe(200);
    expect(aria.headers['content-type']).toBe('audio/mpeg');
    expect(await balance(me.cookie)).toBe(before - 3);
    const adam = await tts(me.cookie, { voice_id: 'adam', text, format: 'wav' });
    expect(adam.headers['content-type']).toBe('audio/wav');
    expect(adam.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
    const a = await decodeAudio({ bytes: aria.rawPayload });
    const b = await decodeAudio({ bytes: adam.rawPayload });
    expect(medianPitch(a, SAMPLE_RATE)).toBeGreaterThan(1.3 * medianPitch(b, SAMPLE_RATE));
    // A long text is spoken in pieces and joined: about as long as it should be.
    const long = await tts(me.cookie, { voice_id: 'ben', text: text.repeat(4) });
    const joined = await decodeAudio({ bytes: long.rawPayload });
    expect(joined.length / SAMPLE_RATE).toBeGreaterThan(3 * (a.length / SAMPLE_RATE));
    // Bad input answers the envelope, as JSON.
    const bad = await tts(me.cookie, { voice_id: 'nobody', text: 'x' });
    expect(bad.headers['content-type']).toContain('application/json');
    expect(bad.json()).toMatchObject({ code: ErrorCode.INVALID_INPUT });
    expect((await tts(me.cookie, { voice_id: 'aria', text: '   ' })).json()).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
    });
  });

  it('takes 15 s and refuses 9 s and 25 s in every accepted container, by content not by name', async () => {
    const me = await loginTourist(t.app);
    const ref9 = await speechWav('adam', 9);
    const ref25 = await speechWav('bella', 25);
    for (const format of ['wav', 'mp3', 'aac', 'ogg', 'mp4']) {
      for (const [wav, seconds] of [
        [ref9, '9.0'],
        [ref25, '25.0'],
      ] as const) {
        const res = await clone(me.cookie, {
          voice: file(transcode(wav, format)),
          text: 'Hi.',
          consent: 'true',
        });
        expect(res.json<Envelope<null>>().message, format).toBe(
          en.reference_length.replace('{{seconds}}', seconds),
        );
      }
    }
    // Stereo at 48 kHz is fine: it is brought to mono 22,050 Hz.
    const stereo = path.join(dir, 'stereo-48k.wav');
    spawnSync(FFMPEG, ['-y', '-loglevel', 'error', '-i', ref15, '-ac', '2', '-ar', '48000', stereo]);
    expect((await clone(me.cookie, { voice: file(stereo), text: 'Hi.', consent: 'true' })).statusCode).toBe(
      200,
    );
  }, 90_000);

  it('clones a 15 s reference given in any accepted container, by content not by name', async () => {
    const me = await loginTourist(t.app);
    for (const format of ['wav', 'mp3', 'aac', 'ogg', 'mp4']) {
      const reference = transcode(ref15, format);
      // The name says .bin: the content decides.
      const res = await clone(me.cookie, {
        voice: { ...file(reference), filename: 'recording.bin' },
        text: 'Welcome home.',
        consent: 'true',
      });
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
    }
  }, 60_000);

  it('moves the script toward the reference voice', async () => {
    const me = await loginTourist(t.app);
    const script = await speechWav('daisy', 6);
    const res = await clone(me.cookie, {
      voice: file(ref15),
      script: file(script),
      consent: 'true',
      format: 'wav',
    });
    expect(res.statusCode).toBe(200);
    const out = await decodeAudio({ bytes: res.rawPayload });
    const reference = await decodeAudio({ file: ref15 });
    const source = await decodeAudio({ file: script });
    const target = Math.log(medianPitch(reference, SAMPLE_RATE));
    const before = Math.abs(Math.log(medianPitch(source, SAMPLE_RATE)) - target);
    const after = Math.abs(Math.log(medianPitch(out, SAMPLE_RATE)) - target);
    expect(after).toBeLessThan(before / 2);
    expect(Math.abs(out.length - source.length) / SAMPLE_RATE).toBeLessThan(0.2);
  });

  it('refuses short, long, silent, corrupt, non-audio and unconsented uploads, charging nothing', async () => {
    const me = await loginTourist(t.app);
    const before = await balance(me.cookie);
    const ref9 = transcode(await speechWav('adam', 9), 'mp3');
    const ref25 = transcode(await speechWav('bella', 25), 'ogg');
    const silent = path.join(dir, 'silent.wav');
    spawnSync(FFMPEG, [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=stereo',
      '-t',
      '12',
      silent,
    ]);
    fs.writeFileSync(path.join(dir, 'corrupt.wav'), Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEjunk'));
    const cases: [MultipartFields, string][] = [
      [
        { voice: file(ref9), text: 'Hi.', consent: 'true' },
        en.reference_length.replace('{{seconds}}', '9.0'),
      ],
      [
        { voice: file(ref25), text: 'Hi.', consent: 'true' },
        en.reference_length.replace('{{seconds}}', '25.0'),
      ],
      [{ voice: file(silent), text: 'Hi.', consent: 'true' }, en.audio_silent],
      [{ voice: file(path.join(dir, 'corrupt.wav')), text: 'Hi.', consent: 'true' }, en.audio_corrupt],
      [
        {
          voice: {
            filename: 'x.mp3',
            contentType: 'audio/mpeg',
            data: Buffer.from('not audio at all, just text'),
          },
          text: 'Hi.',
          consent: 'true',
        },
        en.audio_format,
      ],
      [{ voice: file(ref15), text: 'Hi.' }, en.consent_required],
      [{ voice: file(ref15), consent: 'true' }, en.script_required],
    ];
    for (const [fields, message] of cases) {
      const res = await clone(me.cookie, fields);
      expect(res.json<Envelope<null>>().message).toBe(message);
    }
    expect(await balance(me.cookie)).toBe(before);
  }, 60_000);

  it('stops reading an upload as soon as it passes its limit', async () => {
    const me = await loginTourist(t.app);
    // The folder is the machine's: other test runs may have uploads of their own in it.
    const uploads = path.join(os.tmpdir(), 'lumi-uploads');
    const others = new Set(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []);
    const big = Buffer.alloc(100 * 1024 * 1024 + 10, 1);
    big.write('RIFF', 0, 'ascii');
    const res = await clone(me.cookie, {
      voice: { filename: 'big.wav', contentType: 'audio/wav', data: big },
      text: 'Hi.',
      consent: 'true',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: en.audio_too_large.replace('{{mb}}', '100'),
    });
    // Nothing of this upload is left behind.
    expect(fs.readdirSync(uploads).filter((f) => !others.has(f))).toEqual([]);
  }, 60_000);
});
