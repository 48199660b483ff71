import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CharacterDetail, JobStatus, SharedImage, SpeechHistoryItem, UserInfo } from '@lumi/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, type JobRow } from '../../db/schema';
import { DevOutbox } from '../../lib/mailer';
import { LocalStorage, PrivateFiles } from '../../lib/storage';
import { speechWav } from '../../../test/audio';
import { ASTRONAUT_PHOTO, solidImage, storedFiles } from '../../../test/files';
import {
  callAs,
  useTestApp,
  makeCharacter,
  postMultipart,
  signInByEmail,
  type Envelope,
  type FilePart,
  type MultipartFields,
} from '../../../test/helpers';

const FILES_SECRET = 'erasure-test-secret-0123456789';

interface Who {
  cookie: string;
  uid: string;
}

/** What one account made: the URLs it was given, and its character. */
interface Made {
  /** Public files: the profile avatar, the character's images, the shared copy. */
  publicUrls: string[];
  /** Signed URLs of private files: generated images, audio, and the jobs' input files. */
  signedUrls: string[];
  /** Signed URLs of the jobs' inputs (clone recordings, face swap photos). */
  inputUrls: string[];
  character: CharacterDetail;
}

const isInput = (file: string) => /^private-files\/(clone|swap)-inputs\//.test(file);

/** Storage keys a job row refers to: its inputs and its results. */
function inputKeys(job: JobRow): string[] {
  const input = job.input as Record<string, unknown>;
  return ['referenceKey', 'scriptKey', 'baseKey', 'faceKey']
    .map((k) => input[k])
    .filter((k): k is string => typeof k === 'string');
}

describe('account erasure and private file names', () => {
  const outbox = new DevOutbox(() => undefined);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-erasure-'));
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  const t = useTestApp({
    mailer: outbox,
    env: { DAILY_FREE_CREDITS: '500', CHARACTER_AUTO_APPROVE: 'true', FILES_SECRET },
  });
  let signer: PrivateFiles;
  let reference = '';
  let script = '';
  let other: Who;
  let me: Who;
  let otherMade: Made;
  let mine: Made;
  /** Every stored file once the other account made its things, before this one made any. */
  let before: string[];
  /** Files that appeared while this account made its things. */
  let myFiles: string[];
  /** The avatar URLs the character had before its avatar was changed. */
  let oldAvatarUrls: string[];

  const call = async <T>(who: Who, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await callAs(t.app, method, `/cgi-bin/auth${url}`, who.cookie, payload);
    expect(res.statusCode, url).toBe(200);
    return res.json<Envelope<T>>();
  };
  const send = async (who: Who, url: string, fields: MultipartFields) => {
    const res = await postMultipart(t.app, `/cgi-bin/auth${url}`, who.cookie, fields);
    expect(res.statusCode, url).toBe(200);
    return res;
  };
  /** The job once it is done (set-up runs outside a test, where expect.poll is not allowed). */
  const finished = async (who: Who, id: string) => {
    for (let tries = 0; tries < 200; tries++) {
      const job = (await call<JobStatus>(who, 'GET', `/aigc/status?id=${id}`)).data;
      if (job.state === 'done') return job;
      if (job.state === 'failed') throw new Error(`job ${id} failed: ${job.message ?? ''}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} not done in 20 s`);
  };
  const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const file = (p: string): FilePart => ({
    filename: path.basename(p),
    contentType: 'audio/wav',
    data: fs.readFileSync(p),
  });
  const jobsOf = (who: Who) => t.database.db.select().from(jobs).where(eq(jobs.userId, who.uid));

  /** An avatar, a character, an image and its shared copy, speech, a voice clone and a face swap. */
  async function makeEverything(who: Who): Promise<Made> {
    const photo = await sharp(ASTRONAUT_PHOTO).jpeg().toBuffer();
    const profile = await send(who, '/user/update', {
      head: { filename: 'me.jpg', contentType: 'image/jpeg', data: photo },
    });
    const head = profile.json<Envelope<UserInfo>>().data.head;
    // With the look's reference picture (issue 22), a public file of the character's too.
    const character = await makeCharacter(t, who, {
      visibility: 'public',
      reference: { filename: 'r.jpg', contentType: 'image/jpeg', data: photo },
    });

    const image = await call<{ id: string }>(who, 'POST', '/aigc/image', { prompt: 'a glass vase' });
    const drawn = await finished(who, image.data.id);
    const shared = await call<SharedImage>(who, 'POST', '/aigc/image/share', {
      id: image.data.id,
      index: 0,
    });
    expect(shared.code, shared.message).toBe(0);

    const tts = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/aigc/speech/text-to-speech',
      headers: { cookie: who.cookie },
      payload: { voice_id: 'aria', text: 'Good evening. The kettle is warm.' },
    });
    expect(tts.statusCode).toBe(200);
    await send(who, '/aigc/speech/custom', {
      voice: file(reference),
      script: file(script),
      consent: 'true',
      format: 'wav',
    });

    const face = await sharp(ASTRONAUT_PHOTO).flop().resize(600, 600).webp().toBuffer();
    const swap = await send(who, '/aigc/image', {
      type: 'faceswap',
      base: { filename: 'b.jpg', contentType: 'image/jpeg', data: photo },
      face: { filename: 'f.webp', contentType: 'image/webp', data: face },
      consent: 'true',
    });
    const swapped = await finished(who, swap.json<Envelope<{ id: string }>>().data.id);

    const history = await call<{ items: SpeechHistoryItem[] }>(who, 'GET', '/aigc/speech/history');
    expect(history.data.items.map((i) => i.kind).sort()).toEqual(['speech', 'voice_clone']);
    const now = Date.now();
    const inputUrls = (await jobsOf(who)).flatMap(inputKeys).map((key) => signer.url(key, now));
    expect(inputUrls).toHaveLength(4);
    return {
      publicUrls: [head, character.head, character.listHead, shared.data.url],
      signedUrls: [
        ...drawn.images!.map((i) => i.url),
        ...swapped.images!.map((i) => i.url),
        ...history.data.items.map((i) => i.url),
      ],
      inputUrls,
      character,
    };
  }

  beforeAll(async () => {
    signer = new PrivateFiles(new LocalStorage(path.join(t.dataDir, 'private-files')), FILES_SECRET);
    reference = await speechWav(tmp, 'gordon', 15);
    script = await speechWav(tmp, 'daisy', 5);

    other = await signInByEmail(t, outbox, 'stays@example.com');
    otherMade = await makeEverything(other);
    before = storedFiles(t.dataDir);

    me = await signInByEmail(t, outbox, 'leaves@example.com');
    mine = await makeEverything(me);
    // A new avatar for the character, and a copy of the other account's public character.
    oldAvatarUrls = [mine.character.head, mine.character.listHead];
    const avatar = await solidImage(320, 320, '#385');
    const modified = await send(me, '/character/modify', {
      id: String(mine.character.id),
      head: { filename: 'new.png', contentType: 'image/png', data: avatar },
    });
    const changed = modified.json<Envelope<CharacterDetail>>().data;
    mine.publicUrls = [
      ...mine.publicUrls.filter((u) => !oldAvatarUrls.includes(u)),
      changed.head,
      changed.listHead,
    ];
    const cloned = await send(me, '/character/create', { clone_from: String(otherMade.character.id) });
    expect(cloned.json<Envelope<CharacterDetail>>().code).toBe(0);
    myFiles = storedFiles(t.dataDir).filter((f) => !before.includes(f));
  }, 120_000);

  it('names private files randomly: no user id in any signed URL or stored key', async () => {
    for (const [who, made] of [
      [me, mine],
      [other, otherMade],
    ] as const) {
      const urls = [...made.signedUrls, ...made.inputUrls];
      expect(urls.length).toBeGreaterThanOrEqual(8);
      for (const url of urls) {
        expect(url).toMatch(/^\/files\/private\//);
        expect(url).not.toContain(who.uid);
        expect(url).not.toContain(who.uid.replaceAll('-', ''));
      }
      for (const job of await jobsOf(who)) {
        expect(JSON.stringify([job.input, job.result])).not.toContain(who.uid);
      }
    }
    for (const f of storedFiles(t.dataDir).filter((f) => f.startsWith('private-files/'))) {
      expect(f).not.toContain(me.uid);
      expect(f).not.toContain(other.uid);
    }
  });

  it('keeps no job input (recordings, photos) once its job is done', async () => {
    await expect.poll(() => storedFiles(t.dataDir).filter(isInput), { timeout: 5000 }).toEqual([]);
    for (const url of [...mine.inputUrls, ...otherMade.inputUrls]) expect(await status(url)).toBe(404);
  });

  it('erases every file of a removed account, and no file of anyone else', async () => {
    // What the account made is there before: avatars, character images, the shared copy,
    // generated images and audio.
    for (const prefix of ['files/users/', 'files/avatars/', 'files/shared/', 'private-files/']) {
      expect(
        myFiles.some((f) => f.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const url of [...mine.publicUrls, ...mine.signedUrls]) expect(await status(url), url).toBe(200);

    expect((await call(me, 'POST', '/user/delete')).code).toBe(0);
    expect(await t.app.services.accounts.eraseRemoved()).toBe(1);

    const after = storedFiles(t.dataDir);
    // None of its files is left, and nothing new appeared.
    expect.soft(after.filter((f) => myFiles.includes(f))).toEqual([]);
    expect.soft(after.filter((f) => !before.includes(f))).toEqual([]);
    // A public file that is not there sends the browser home (the site's unknown-path answer).
    for (const url of [...mine.publicUrls, ...oldAvatarUrls])
      expect([302, 404], url).toContain(await status(url));
    for (const url of [...mine.signedUrls, ...mine.inputUrls])
      expect([403, 404], url).toContain(await status(url));
    // The other account's files are all still there and still load.
    expect.soft(before.filter((f) => !isInput(f) && !after.includes(f))).toEqual([]);
    for (const url of [...otherMade.publicUrls, ...otherMade.signedUrls]) {
      expect(await status(url), url).toBe(200);
    }
  });
});
