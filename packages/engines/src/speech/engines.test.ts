import { voiceById } from '@lumi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConvertCloneEngine, ElevenLabsCloneEngine, type CloneRequest } from '../clone';
import { medianPitch } from '../voice/convert';
import { encodeWav } from '../voice/wav';
import { ElevenLabsEngine } from './elevenlabs';
import { OpenAISpeechEngine } from './openai-speech';
import { splitSentences } from './split';
import { startSpeechBackend, type SeenRequest, type SpeechBackend } from './speech-backend.test-kit';

/** ElevenLabs and OpenAI-compatible speech, the way each answers (audio bytes, JSON errors). */
let backend: SpeechBackend;
let base = '';
let seen: SeenRequest[] = [];
let voices = new Set<string>();
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(500, 1)]);

beforeAll(async () => {
  backend = await startSpeechBackend({ mp3: MP3 });
  ({ base, seen, voices } = backend);
});
afterAll(() => backend.close());

const aria = voiceById('aria')!;

describe('ElevenLabs', () => {
  const engine = (apiKey = 'xi-key') =>
    new ElevenLabsEngine({
      baseUrl: base,
      apiKey,
      voiceIds: { aria: 'EXAVITQu4vr4xnSDxMaL' },
      modelId: 'eleven_turbo_v2_5',
    });

  it('speaks with the mapped voice, the key header and MP3 output', async () => {
    const audio = await engine().synthesize({ text: 'Hello there.', voice: aria });
    expect(audio).toMatchObject({ mime: 'audio/mpeg' });
    expect(audio.bytes.equals(MP3)).toBe(true);
    const sent = seen.findLast((s) => s.url.startsWith('/v1/text-to-speech/'));
    expect(sent?.url).toBe('/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL?output_format=mp3_44100_128');
    expect(sent?.headers['xi-api-key']).toBe('xi-key');
    expect(JSON.parse(sent!.body.toString())).toMatchObject({
      text: 'Hello there.',
      model_id: 'eleven_turbo_v2_5',
      voice_settings: { stability: 0.5 },
    });
  });

  it('types a bad key as config and an unmapped voice as config', async () => {
    await expect(engine('wrong').synthesize({ text: 'x', voice: aria })).rejects.toMatchObject({
      kind: 'config',
    });
    await expect(engine().synthesize({ text: 'x', voice: voiceById('adam')! })).rejects.toMatchObject({
      kind: 'config',
    });
  });

  it('clones: adds a voice from the sample, speaks, and removes the voice, also when speaking fails', async () => {
    const reference = {
      bytes: encodeWav(new Float32Array(22050).fill(0.2), 22050),
      filename: 'ref.wav',
      mime: 'audio/wav',
    };
    const audio = await engine().clone({ reference, text: 'Cloned hello.', name: 'lumi-test' });
    expect(audio.bytes.equals(MP3)).toBe(true);
    const add = seen.findLast((s) => s.url === '/v1/voices/add');
    expect(add?.body.toString('latin1')).toContain('name="name"');
    expect(add?.body.toString('latin1')).toContain('filename="ref.wav"');
    expect(voices.size).toBe(0);
    await expect(engine().clone({ reference, text: 'FAIL please', name: 'lumi-test' })).rejects.toMatchObject(
      { kind: 'unavailable' },
    );
    expect(voices.size).toBe(0);
    expect(seen.filter((s) => s.method === 'DELETE')).toHaveLength(2);
  });
});

describe('voice cloning engines', () => {
  const RATE = 22050;
  /** A buzzy 12 s voice at 220 Hz (a few harmonics, so pitch and tone can be read). */
  const tone = (hz: number, secs: number) =>
    Float32Array.from({ length: Math.round(RATE * secs) }, (_, i) => {
      const t = (2 * Math.PI * hz * i) / RATE;
      return 0.3 * Math.sin(t) + 0.15 * Math.sin(2 * t) + 0.08 * Math.sin(3 * t);
    });
  const reference = tone(220, 12);
  const request = (over: Partial<CloneRequest>): CloneRequest => ({
    reference,
    referenceWav: encodeWav(reference, RATE),
    sampleRate: RATE,
    script: null,
    text: null,
    name: 'lumi-job1',
    ...over,
  });
  const elevenlabs = () =>
    new ElevenLabsCloneEngine(
      new ElevenLabsEngine({ baseUrl: base, apiKey: 'xi-key', voiceIds: {}, modelId: 'eleven_turbo_v2_5' }),
      new ConvertCloneEngine(),
    );

  it('offline: converts a recorded script toward the reference, keeping its length', async () => {
    const engine = new ConvertCloneEngine();
    const shares: number[] = [];
    const script = tone(110, 3);
    const cloned = await engine.cloneVoice(request({ script, progress: (s) => shares.push(s) }));
    expect([engine.id, engine.offline]).toEqual(['convert', true]);
    expect(cloned).toMatchObject({ engineId: 'convert', offline: true });
    if (!('pcm' in cloned)) throw new Error('no samples');
    expect(cloned.pcm.length).toBe(script.length);
    expect(medianPitch(cloned.pcm, RATE)).toBeGreaterThan(1.3 * medianPitch(script, RATE));
    expect(shares).toEqual([0.5]);
  });

  it('offline: speaks a typed script with eSpeak NG first', async () => {
    const cloned = await new ConvertCloneEngine().cloneVoice(request({ text: 'Hello there, this is me.' }));
    expect(cloned).toMatchObject({ engineId: 'convert', offline: true });
    if (!('pcm' in cloned)) throw new Error('no samples');
    expect(cloned.pcm.length / RATE).toBeGreaterThan(0.5);
  });

  it('ElevenLabs: clones a typed script through voices/add under the job name, then removes the voice', async () => {
    const engine = elevenlabs();
    expect([engine.id, engine.offline]).toEqual(['elevenlabs', false]);
    const before = seen.length;
    const cloned = await engine.cloneVoice(request({ text: 'Cloned hello.' }));
    expect(cloned).toMatchObject({ engineId: 'elevenlabs', offline: false });
    if (!('audio' in cloned)) throw new Error('no audio');
    expect(cloned.audio.bytes.equals(MP3)).toBe(true);
    const add = seen.slice(before).find((s) => s.url === '/v1/voices/add');
    expect(add?.body.toString('latin1')).toContain('lumi-job1');
    expect(add?.body.toString('latin1')).toContain('filename="reference.wav"');
    expect(voices.size).toBe(0);
  });

  it('ElevenLabs: hands a recorded script to the offline conversion, which names itself', async () => {
    const before = seen.length;
    const script = tone(110, 3);
    const cloned = await elevenlabs().cloneVoice(request({ script }));
    expect(cloned).toMatchObject({ engineId: 'convert', offline: true });
    expect('pcm' in cloned && cloned.pcm.length).toBe(script.length);
    expect(seen.length).toBe(before);
  });
});

describe('OpenAI-compatible speech', () => {
  it('asks /v1/audio/speech for WAV in the mapped voice', async () => {
    const engine = new OpenAISpeechEngine({
      baseUrl: `${base}/v1`,
      apiKey: 'sk-speech',
      model: 'kokoro',
      voices: { aria: 'af_bella' },
      defaultVoice: 'alloy',
    });
    const audio = await engine.synthesize({ text: 'Hi.', voice: aria });
    expect(audio.mime).toBe('audio/wav');
    expect(JSON.parse(seen.findLast((s) => s.url === '/v1/audio/speech')!.body.toString())).toMatchObject({
      model: 'kokoro',
      input: 'Hi.',
      voice: 'af_bella',
      response_format: 'wav',
    });
    await new OpenAISpeechEngine({ baseUrl: `${base}/v1`, model: 'm', voices: {}, defaultVoice: 'alloy' })
      .synthesize({ text: 'x', voice: aria })
      .then(
        () => expect.unreachable(),
        (err: unknown) => expect(err).toMatchObject({ kind: 'config' }),
      );
  });
});

describe('splitting long texts', () => {
  it('cuts at sentence ends, keeps every word, and never passes the limit', () => {
    const text = 'One two three. Four five six! Seven eight nine? 你好。再见！ ' + 'word '.repeat(200);
    const pieces = splitSentences(text, 60);
    expect(pieces.every((p) => p.length <= 60)).toBe(true);
    expect(pieces[0]).toBe('One two three. Four five six! Seven eight nine? 你好。再见！');
    expect(pieces.join(' ').split(/\s+/).filter(Boolean)).toEqual(text.split(/\s+/).filter(Boolean));
  });
});
