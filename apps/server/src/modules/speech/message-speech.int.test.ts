import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ErrorCode,
  readCardFile,
  ttsCost,
  type CharacterDetail,
  type JobStatus,
  type MessagePage,
  type MessageSpeech,
  type SpeechHistoryItem,
} from '@lumi/contract';
import { medianPitch } from '@lumi/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SPEECH_BACKEND,
  startSpeechBackend,
  type SpeechBackend,
} from '../../../../../packages/engines/src/speech/speech-backend.test-kit';
import { speechWav } from '../../../test/audio';
import {
  creditsLeft,
  envelopeCaller,
  loginTourist,
  makeCharacter,
  messagesFile,
  postMultipart,
  useTestApp,
  useTourists,
  withTestApp,
  type TestApp,
} from '../../../test/helpers';
import { decodeAudio, encodeAudio, SAMPLE_RATE } from '../../lib/audio';

const en = messagesFile('en');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-voice-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Who = { cookie: string };

/** The calls a chat's Listen button makes: the speech job, then its status until it is done. */
function listener(t: { readonly app: TestApp['app'] }) {
  const call = envelopeCaller(t);
  const speak = (who: Who, body: object) => call<MessageSpeech>('POST', '/character_msg/speech', who, body);
  async function untilDone(who: Who, id: string): Promise<JobStatus> {
    for (let i = 0; i < 400; i++) {
      const status = await call<JobStatus>('GET', `/aigc/status?id=${id}`, who);
      if (status.data.state === 'done' || status.data.state === 'failed') return status.data;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the speech job did not end');
  }
  async function audioOf(status: JobStatus): Promise<Float32Array> {
    expect(status.state).toBe('done');
    const file = await t.app.inject({ method: 'GET', url: status.audio!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    return decodeAudio({ bytes: file.rawPayload });
  }
  const open = async (who: Who, characterId: number) =>
    (await call<MessagePage>('POST', '/character_msg/add', who, { characterId })).data;
  return { call, speak, untilDone, audioOf, open };
}

describe("a character's voice", () => {
  const t = useTestApp({ env: { DAILY_FREE_CREDITS: '500' } });
  const { alice, bob } = useTourists(t, 'alice', 'bob');
  const { call, speak, untilDone, audioOf, open } = listener(t);

  it('is one of the presets, set, changed and cleared by the owner, and checked', async () => {
    const made = await makeCharacter(t, alice, { voice_id: 'bella' });
    expect(made.voice_id).toBe('bella');
    const changed = await call<CharacterDetail>('POST', '/character/modify', alice, {
      id: made.id,
      voice_id: 'ethan',
    });
    expect(changed.data.voice_id).toBe('ethan');
    // Left out, it stays; blank clears it.
    const kept = await call<CharacterDetail>('POST', '/character/modify', alice, {
      id: made.id,
      scenario: 'Rain.',
    });
    expect(kept.data.voice_id).toBe('ethan');
    const cleared = await call<CharacterDetail>('POST', '/character/modify', alice, {
      id: made.id,
      voice_id: '',
    });
    expect(cleared.data.voice_id).toBeNull();
    const bad = await call('POST', '/character/modify', alice, { id: made.id, voice_id: 'nobody' });
    expect(bad).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: en.invalid_field.replace('{{field}}', 'voice_id'),
    });
    // Only the owner changes it (to others a private character is not there).
    expect((await call('POST', '/character/modify', bob, { id: made.id, voice_id: 'aria' })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('travels in an exported card and comes back on import; an unknown voice is dropped', async () => {
    const made = await makeCharacter(t, alice, { voice_id: 'gordon' });
    const card = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/card?id=${made.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(card.statusCode).toBe(200);
    const parsed = readCardFile(card.rawPayload);
    expect(parsed.data.extensions).toMatchObject({ lumi: { voice_id: 'gordon' } });
    const imported = await postMultipart(t.app, '/cgi-bin/auth/character/create', alice.cookie, {
      card: { filename: 'card.png', contentType: 'image/png', data: card.rawPayload },
      visibility: 'private',
    });
    const back = imported.json<{ code: number; data: CharacterDetail }>();
    expect(back.code).toBe(0);
    expect(back.data.voice_id).toBe('gordon');
    // Exported again, the voice is written once, not kept twice in the carried extensions.
    const again = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/card?id=${back.data.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(readCardFile(again.rawPayload).data.extensions).toEqual(parsed.data.extensions);
    const json = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Odd',
        description: 'A card from elsewhere.',
        first_mes: 'Hi.',
        extensions: { lumi: { voice_id: 'clone:x' } },
      },
    };
    const odd = await postMultipart(t.app, '/cgi-bin/auth/character/create', alice.cookie, {
      card: {
        filename: 'odd.json',
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify(json)),
      },
      head: { filename: 'a.png', contentType: 'image/png', data: card.rawPayload },
      visibility: 'private',
    });
    expect(odd.json<{ data: CharacterDetail }>().data.voice_id).toBeNull();
  });

  it('reads each reply of a group chat in the voice of the character who wrote it', async () => {
    const bella = await makeCharacter(t, alice, {
      name: 'Bella Hart',
      voice_id: 'bella',
      first_message: 'Hi!',
    });
    const gordon = await makeCharacter(t, alice, { name: 'Gordon Reed', voice_id: 'gordon' });
    const group = await call<MessagePage>('POST', '/character_msg/group', alice, {
      characterIds: [bella.id, gordon.id],
    });
    const id = group.data.conversation.id;
    const greeting = group.data.messages[0]!;
    expect((await speak(alice, { id: greeting.id, conversationId: id })).data.voice_id).toBe('bella');
    const reply = await call<{ message: { id: number; character_id: number } }>('POST', '/aigc/text', alice, {
      conversationId: id,
      content: 'Gordon, say something.',
    });
    expect(reply.data.message.character_id).toBe(gordon.id);
    expect((await speak(alice, { id: reply.data.message.id, conversationId: id })).data.voice_id).toBe(
      'gordon',
    );
  });

  it("reads the chosen reply in the character's voice, charged as text to speech, once", async () => {
    const c = await makeCharacter(t, alice, { voice_id: 'adam', gender: 'Male' });
    const page = await open(alice, c.id);
    const greeting = page.messages[0]!;
    const before = await creditsLeft(t.app, alice.cookie);
    const first = await speak(alice, { id: greeting.id });
    expect(first.code).toBe(0);
    const cost = ttsCost(greeting.content);
    expect(first.data).toMatchObject({
      kind: 'speech',
      cost,
      charged: cost,
      cached: false,
      voice_id: 'adam',
    });
    const done = await untilDone(alice, first.data.id);
    const adam = await audioOf(done);
    expect(adam.length / SAMPLE_RATE).toBeGreaterThan(1);
    expect(await creditsLeft(t.app, alice.cookie)).toBe(before - cost);
    // A replay is the same audio, free.
    const replay = await speak(alice, { id: greeting.id, conversationId: page.conversation.id });
    expect(replay.data).toMatchObject({ id: first.data.id, state: 'done', cached: true, charged: 0, cost });
    expect(replay.data.audio?.url).toBeTruthy();
    expect(await creditsLeft(t.app, alice.cookie)).toBe(before - cost);
    // The other alternative is another text: spoken (and charged) on its own.
    const swiped = await call<{ content: string }>('POST', '/character_msg/swipe', alice, {
      id: greeting.id,
      index: 1,
    });
    const other = await speak(alice, { id: greeting.id });
    expect(other.data.id).not.toBe(first.data.id);
    expect(other.data.charged).toBe(ttsCost(swiped.data.content));
    await untilDone(alice, other.data.id);
    // The voice tool's history lists the tool's own speech, not the replies read aloud.
    const history = await call<{ items: SpeechHistoryItem[] }>('GET', '/aigc/speech/history', alice);
    expect(history.data.items.map((i) => i.id)).not.toContain(first.data.id);

    // The voice is the character's: a voice of another gender speaks lower or higher.
    const bella = await makeCharacter(t, alice, { voice_id: 'bella' });
    const bellaPage = await open(alice, bella.id);
    const spoken = await speak(alice, { id: bellaPage.messages[0]!.id });
    const high = await audioOf(await untilDone(alice, spoken.data.id));
    expect(medianPitch(high, SAMPLE_RATE)).toBeGreaterThan(1.3 * medianPitch(adam, SAMPLE_RATE));
    // None set: the default voice of its gender.
    const plain = await makeCharacter(t, alice, { gender: 'Male' });
    const plainPage = await open(alice, plain.id);
    expect((await speak(alice, { id: plainPage.messages[0]!.id })).data.voice_id).toBe('adam');
  }, 60_000);

  it('charges once for two simultaneous asks', async () => {
    const c = await makeCharacter(t, bob, { voice_id: 'clara' });
    const page = await open(bob, c.id);
    const id = page.messages[0]!.id;
    const before = await creditsLeft(t.app, bob.cookie);
    const both = await Promise.all([speak(bob, { id }), speak(bob, { id }), speak(bob, { id })]);
    expect(new Set(both.map((r) => r.data.id)).size).toBe(1);
    expect(both.map((r) => r.data.charged).sort()).toEqual([0, 0, ttsCost(page.messages[0]!.content)]);
    expect(await creditsLeft(t.app, bob.cookie)).toBe(before - ttsCost(page.messages[0]!.content));
  });

  it("reads only replies, only in the caller's own conversation", async () => {
    const c = await makeCharacter(t, alice);
    const page = await open(alice, c.id);
    const id = page.messages[0]!.id;
    expect((await speak(bob, { id })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await speak(bob, { id, conversationId: page.conversation.id })).code).toBe(ErrorCode.NOT_FOUND);
    const sent = await call<{ conversation_id: string }>('POST', '/aigc/text', alice, {
      characterId: c.id,
      content: 'Hello there, keeper.',
    });
    expect(sent.code).toBe(0);
    const list = await call<MessagePage>(
      'GET',
      `/character_msg/list?conversationId=${sent.data.conversation_id}`,
      alice,
    );
    const mine = list.data.messages.find((m) => m.role === 'user')!;
    expect(await speak(alice, { id: mine.id })).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: en.speech_reply_only,
    });
    expect((await speak(alice, { id: 99_999_999 })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it("uses the owner's consented clone on a private character only", async () => {
    const reference = await speechWav(dir, 'gordon', 15);
    const cloned = await postMultipart(t.app, '/cgi-bin/auth/aigc/speech/custom', alice.cookie, {
      voice: { filename: 'me.wav', contentType: 'audio/wav', data: fs.readFileSync(reference) },
      text: 'Hello.',
      consent: 'true',
    });
    expect(cloned.statusCode).toBe(200);
    const history = await call<{ items: SpeechHistoryItem[] }>('GET', '/aigc/speech/history', alice);
    const voiceId = history.data.items.find((i) => i.kind === 'voice_clone')!.character_voice_id!;
    expect(voiceId).toMatch(/^clone:[0-9a-f-]{36}$/);

    const own = await makeCharacter(t, alice, { voice_id: voiceId, visibility: 'private' });
    expect(own.voice_id).toBe(voiceId);
    // Public: refused, and a private one made public with it too.
    await expect(makeCharacter(t, alice, { voice_id: voiceId, visibility: 'public' })).rejects.toThrow(
      en.voice_clone_private,
    );
    const made = await postMultipart(t.app, '/cgi-bin/auth/character/modify', alice.cookie, {
      id: String(own.id),
      visibility: 'public',
    });
    expect(made.json()).toMatchObject({ code: ErrorCode.INVALID_INPUT, message: en.voice_clone_private });
    // Someone else's clone is not theirs to use.
    await expect(makeCharacter(t, bob, { voice_id: voiceId })).rejects.toThrow(en.voice_unavailable);
    await expect(
      makeCharacter(t, alice, { voice_id: 'clone:00000000-0000-4000-8000-000000000000' }),
    ).rejects.toThrow(en.voice_unavailable);

    // The reply is read in the cloned voice: nearer the reference's pitch than the preset it starts from.
    const page = await open(alice, own.id);
    const spoken = await speak(alice, { id: page.messages[0]!.id });
    expect(spoken.data.voice_id).toBe(voiceId);
    const out = await audioOf(await untilDone(alice, spoken.data.id));
    const target = Math.log(medianPitch(await decodeAudio({ file: reference }), SAMPLE_RATE));
    const plain = await makeCharacter(t, alice, { voice_id: 'adam' });
    const plainSpoken = await speak(alice, { id: (await open(alice, plain.id)).messages[0]!.id });
    const base = await audioOf(await untilDone(alice, plainSpoken.data.id));
    expect(Math.abs(Math.log(medianPitch(out, SAMPLE_RATE)) - target)).toBeLessThan(
      Math.abs(Math.log(medianPitch(base, SAMPLE_RATE)) - target),
    );
  }, 90_000);
});

describe('a reply read aloud by the real engines (their local protocol servers)', () => {
  let backend: SpeechBackend;
  beforeAll(async () => {
    const tone = Float32Array.from(
      { length: SAMPLE_RATE },
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE),
    );
    backend = await startSpeechBackend({ mp3: await encodeAudio(tone, 'mp3') });
  });
  afterAll(() => backend.close());

  const engines = (): { name: string; env: Record<string, string>; request: (text: string) => unknown }[] => [
    {
      name: 'ElevenLabs',
      env: {
        SPEECH_ENGINE: 'elevenlabs',
        ELEVENLABS_API_KEY: SPEECH_BACKEND.elevenlabsKey,
        ELEVENLABS_URL: backend.base,
        ELEVENLABS_VOICE_IDS: `bella=${SPEECH_BACKEND.elevenlabsVoice}`,
      },
      request: (text: string) =>
        backend.seen.find(
          (s) =>
            s.url.startsWith(`/v1/text-to-speech/${SPEECH_BACKEND.elevenlabsVoice}`) &&
            (JSON.parse(s.body.toString()) as { text: string }).text === text,
        ),
    },
    {
      name: 'OpenAI-compatible',
      env: {
        SPEECH_ENGINE: 'openai',
        SPEECH_OPENAI_URL: `${backend.base}/v1`,
        SPEECH_API_KEY: SPEECH_BACKEND.openaiKey,
        SPEECH_VOICES: 'bella=af_bella',
      },
      request: (text: string) =>
        backend.seen.find((s) => {
          if (s.url !== '/v1/audio/speech') return false;
          const body = JSON.parse(s.body.toString()) as { input: string; voice: string };
          return body.input === text && body.voice === 'af_bella';
        }),
    },
  ];

  for (const index of [0, 1]) {
    it(`speaks through ${['ElevenLabs', 'the OpenAI-compatible server'][index]}, in the mapped voice`, async () => {
      const engine = engines()[index]!;
      await withTestApp({ env: { DAILY_FREE_CREDITS: '100', ...engine.env } }, async (app) => {
        const { speak, untilDone, audioOf, open } = listener(app);
        const who = await loginTourist(app.app);
        const c = await makeCharacter(app, who, {
          voice_id: 'bella',
          first_message: 'The lamp is lit. Come in out of the rain.',
          alternate_greetings: '',
        });
        const page = await open(who, c.id);
        const spoken = await speak(who, { id: page.messages[0]!.id });
        expect(spoken.data).toMatchObject({ preview: false, voice_id: 'bella' });
        const audio = await audioOf(await untilDone(who, spoken.data.id));
        expect(audio.length / SAMPLE_RATE).toBeGreaterThan(0.05);
        expect(engine.request('The lamp is lit.') ?? engine.request(page.messages[0]!.content)).toBeDefined();
      });
    }, 60_000);
  }
});
