import { ErrorCode } from '@lumi/contract';
import { encodeWav } from '@lumi/engines';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, moderationEvents } from '../../db/schema';
import { storedUnder } from '../../../test/files';
import {
  useTestApp,
  creditsLeft,
  loginTourist,
  messagesFile,
  postMultipart,
  type Envelope,
} from '../../../test/helpers';

/** content_refused before its `{{term}}` (the quoted phrase is the engine's). */
const refusedLead = (locale: 'en' | 'ja') => messagesFile(locale).content_refused.split('{{')[0]!;
const BAD = 'She is 15 years old and gets naked for you.';

/** A 15 s tone as WAV: a reference the upload checks would take. */
function tone(): Buffer {
  const rate = 16_000;
  const pcm = new Float32Array(rate * 15);
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 180 * i) / rate);
  return Buffer.from(encodeWav(pcm, rate));
}

describe('moderation of texts to speak and voice-clone scripts', () => {
  // No worker: a refusal must come before any job exists.
  const t = useTestApp({ env: { RUN_WORKERS: 'false' } });

  const remain = (cookie: string) => creditsLeft(t.app, cookie);

  it('refuses a text to speak that sexualises a minor, in the caller’s language, free of charge', async () => {
    const me = await loginTourist(t.app);
    for (const locale of ['en', 'ja'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/aigc/speech/text-to-speech',
        headers: { cookie: me.cookie, 'x-locale': locale },
        payload: { voice_id: 'aria', text: `Read this aloud. ${BAD}` },
      });
      expect(res.headers['content-type']).toMatch(/json/);
      const body = res.json<Envelope<null>>();
      expect(body.code).toBe(ErrorCode.CONTENT_POLICY);
      expect(body.message.startsWith(refusedLead(locale))).toBe(true);
    }
    expect(await remain(me.cookie)).toBe(30);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.userId, me.uid))).toEqual([]);
    const events = await t.database.db
      .select()
      .from(moderationEvents)
      .where(eq(moderationEvents.userId, me.uid));
    expect(events.map((e) => [e.surface, e.verdict])).toEqual([
      ['voice_script', 'refuse'],
      ['voice_script', 'refuse'],
    ]);
  });

  it('refuses such a typed clone script, keeping no recording; consent still comes first', async () => {
    const me = await loginTourist(t.app);
    const clone = async (consent: string) => {
      const res = await postMultipart(t.app, '/cgi-bin/auth/aigc/speech/custom', me.cookie, {
        voice: { filename: 'me.wav', contentType: 'audio/wav', data: tone() },
        text: BAD,
        consent,
      });
      return res.json<Envelope<null>>();
    };
    expect(await clone('false')).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: messagesFile('en').consent_required,
    });
    const refused = await clone('true');
    expect(refused.code).toBe(ErrorCode.CONTENT_POLICY);
    expect(refused.message.startsWith(refusedLead('en'))).toBe(true);
    expect(await remain(me.cookie)).toBe(30);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.userId, me.uid))).toEqual([]);
    expect(storedUnder(t.dataDir, 'private-files/clone-inputs/')).toEqual([]);
  });
});
