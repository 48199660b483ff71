import {
  COSTS,
  ErrorCode,
  type ChatPicture,
  type JobStatus,
  type MessagePage,
  type SharedImage,
} from '@lumi/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeImageServer } from '../../../../../packages/engines/src/image/fake-image-server.test-kit';
import { characters, chatMessages, imageShares, jobs } from '../../db/schema';
import { solidImage } from '../../../test/files';
import {
  creditsLeft,
  envelopeCaller,
  loginTourist,
  makeCharacter,
  useTestApp,
  type MultipartFields,
  type TestApp,
} from '../../../test/helpers';
import type { ImageJobInput } from '../images/image-job';

const LOOK = 'silver hair in a braid, grey eyes, a yellow raincoat';

/** A character with a look and a reference picture, its chat opened (greeting and one turn). */
async function chatWithPicture(t: TestApp, over: MultipartFields = {}) {
  const me = await loginTourist(t.app);
  const reference = await solidImage(96, 128, '#3a6');
  const character = await makeCharacter(t, me, {
    appearance: LOOK,
    reference: { filename: 'ref.png', contentType: 'image/png', data: reference },
    ...over,
  });
  const call = envelopeCaller(t);
  const page = await call<MessagePage>('POST', '/character_msg/add', me, { characterId: character.id });
  // A turn with narration, as role-play writes it.
  await t.database.db.insert(chatMessages).values([
    { conversationId: page.data.conversation.id, role: 'user', swipes: ['Meet me at the harbour?'] },
    {
      conversationId: page.data.conversation.id,
      role: 'assistant',
      swipes: ['*She waits on the pier under a stormy sky, holding a lantern.* Here I am.'],
    },
  ]);
  const messages = (
    await call<MessagePage>('GET', `/character_msg/list?conversationId=${page.data.conversation.id}`, me)
  ).data.messages;
  return { me, character, conversationId: page.data.conversation.id, messages, call };
}

const settled = async (call: ReturnType<typeof envelopeCaller>, who: { cookie: string }, id: string) => {
  await expect
    .poll(async () => (await call<JobStatus>('GET', `/aigc/status?id=${id}`, who)).data.state, {
      timeout: 10_000,
    })
    .toMatch(/^(done|failed)$/);
  return (await call<JobStatus>('GET', `/aigc/status?id=${id}`, who)).data;
};

describe('a picture in chat with the offline engines (demo chat, preview renderer)', () => {
  const t = useTestApp();

  it('draws the look and the scene of the last turns, after the newest message, free and labelled', async () => {
    const { me, conversationId, messages, call } = await chatWithPicture(t);
    const before = await creditsLeft(t.app, me.cookie);
    const asked = await call<ChatPicture>('POST', '/character_msg/picture', me, { conversationId });
    expect(asked.code).toBe(0);
    expect(asked.data).toMatchObject({
      seq: messages.at(-1)!.seq,
      scene: 'She waits on the pier under a stormy sky, holding a lantern.',
      preview: true,
      // The preview renderer draws shapes from words: it takes no reference picture.
      reference: false,
    });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, asked.data.job_id));
    const input = job!.input as ImageJobInput;
    expect(input.prompt).toBe(`photo of an adult woman, ${LOOK}, ${asked.data.scene}`);
    expect(input.characterReferenceKey).toBeNull();
    expect((await settled(call, me, asked.data.job_id)).state).toBe('done');
    expect(await creditsLeft(t.app, me.cookie)).toBe(before);
    // It survives a reload: the conversation's pictures, with the picture.
    const listed = await call<{ pictures: ChatPicture[] }>(
      'GET',
      `/character_msg/pictures?conversationId=${conversationId}`,
      me,
    );
    expect(listed.data.pictures).toMatchObject([{ id: asked.data.id, state: 'done', seq: asked.data.seq }]);
    expect(listed.data.pictures[0]?.image?.url).toMatch(/^\/files\/private\//);
  });

  it('follows the message it is asked after, and a branch shows its parent’s up to the fork', async () => {
    const { me, conversationId, messages, call } = await chatWithPicture(t);
    const greeting = messages[0]!;
    const early = await call<ChatPicture>('POST', '/character_msg/picture', me, {
      conversationId,
      after: greeting.id,
    });
    expect(early.data.seq).toBe(greeting.seq);
    const late = await call<ChatPicture>('POST', '/character_msg/picture', me, { conversationId });
    // Branch at the greeting: the early picture is shared, the late one is not.
    const branch = await call<MessagePage>('POST', '/character_msg/branch', me, {
      conversationId,
      id: greeting.id,
    });
    const inBranch = await call<{ pictures: ChatPicture[] }>(
      'GET',
      `/character_msg/pictures?conversationId=${branch.data.conversation.id}`,
      me,
    );
    expect(inBranch.data.pictures.map((p) => p.id)).toEqual([early.data.id]);
    const own = await call<ChatPicture>('POST', '/character_msg/picture', me, {
      conversationId: branch.data.conversation.id,
    });
    const inParent = await call<{ pictures: ChatPicture[] }>(
      'GET',
      `/character_msg/pictures?conversationId=${conversationId}`,
      me,
    );
    expect(inParent.data.pictures.map((p) => p.id)).toEqual([early.data.id, late.data.id]);
    expect(inParent.data.pictures.map((p) => p.id)).not.toContain(own.data.id);
  });

  it('is the caller’s own: another user’s conversation, a message elsewhere and an AI chat are refused', async () => {
    const { conversationId, call } = await chatWithPicture(t);
    const other = await loginTourist(t.app);
    expect((await call('POST', '/character_msg/picture', other, { conversationId })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await call('GET', `/character_msg/pictures?conversationId=${conversationId}`, other)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const { me, conversationId: mine } = await chatWithPicture(t);
    expect(
      (await call('POST', '/character_msg/picture', me, { conversationId: mine, after: 999_999_999 })).code,
    ).toBe(ErrorCode.NOT_FOUND);
    const ai = await call<{ conversation_id: string }>('POST', '/aigc/text', me, { content: 'hello' });
    expect(
      (await call('POST', '/character_msg/picture', me, { conversationId: ai.data.conversation_id })).code,
    ).toBe(ErrorCode.INVALID_INPUT);
  });

  it('refuses a scene the content policy refuses, before anything is queued', async () => {
    const { me, conversationId, call } = await chatWithPicture(t);
    await t.database.db
      .insert(chatMessages)
      .values({ conversationId, role: 'assistant', swipes: ['*a naked 14 year old girl on the bed*'] });
    const count = (await t.database.db.select().from(jobs).where(eq(jobs.userId, me.uid))).length;
    const refused = await call('POST', '/character_msg/picture', me, { conversationId });
    expect(refused.code).toBe(ErrorCode.CONTENT_POLICY);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.userId, me.uid))).toHaveLength(count);
  });
});

describe('a picture in chat with AUTOMATIC1111 and ComfyUI (local protocol servers)', () => {
  const fake = new FakeImageServer();
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(() => fake.close());

  describe('AUTOMATIC1111', () => {
    const t = useTestApp(() => ({ env: { IMAGE_A1111_URL: fake.base, MAX_OPEN_JOBS_PER_USER: '100' } }));

    it('sends the reference to img2img with the look and scene, and charges one standard image', async () => {
      const { me, conversationId, call } = await chatWithPicture(t);
      const before = await creditsLeft(t.app, me.cookie);
      const asked = await call<ChatPicture>('POST', '/character_msg/picture', me, { conversationId });
      expect(asked.data).toMatchObject({ reference: true, preview: false });
      expect(await creditsLeft(t.app, me.cookie)).toBe(before - COSTS.imageStandard);
      expect((await settled(call, me, asked.data.job_id)).state).toBe('done');
      const sent = fake.last('/sdapi/v1/img2img')!.body;
      expect(sent.prompt).toBe(`photo of an adult woman, ${LOOK}, ${asked.data.scene}`);
      expect(sent.prompt).toContain('holding a lantern');
      const [init] = sent.init_images as string[];
      const { data } = await sharp(Buffer.from(init!, 'base64')).raw().toBuffer({ resolveWithObject: true });
      expect([data[0], data[1], data[2]]).toEqual([0x33, 0xaa, 0x66]);
    });

    it('charges exactly under concurrency, and refunds a picture the engine fails', async () => {
      const { me, conversationId, call } = await chatWithPicture(t);
      const before = await creditsLeft(t.app, me.cookie);
      const fits = Math.floor(before / COSTS.imageStandard);
      const answers = await Promise.all(
        Array.from({ length: fits + 3 }, () =>
          call<ChatPicture>('POST', '/character_msg/picture', me, { conversationId }),
        ),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(fits);
      expect(answers.filter((a) => a.code === ErrorCode.NOT_ENOUGH_CREDITS)).toHaveLength(3);
      for (const a of answers.filter((x) => x.code === 0)) await settled(call, me, a.data.job_id);
      expect(await creditsLeft(t.app, me.cookie)).toBe(before - fits * COSTS.imageStandard);

      const other = await chatWithPicture(t);
      const start = await creditsLeft(t.app, other.me.cookie);
      fake.a1111Mode = 'busy';
      try {
        const failing = await other.call<ChatPicture>('POST', '/character_msg/picture', other.me, {
          conversationId: other.conversationId,
        });
        expect((await settled(other.call, other.me, failing.data.job_id)).state).toBe('failed');
      } finally {
        fake.a1111Mode = 'ok';
      }
      expect(await creditsLeft(t.app, other.me.cookie)).toBe(start);
    });
  });

  describe('ComfyUI', () => {
    const t = useTestApp(() => ({ env: { IMAGE_COMFYUI_URL: fake.base } }));

    it('uploads the reference and names it in the bundled workflow’s LoadImage, the prompt in its text', async () => {
      const { me, conversationId, call } = await chatWithPicture(t);
      const asked = await call<ChatPicture>('POST', '/character_msg/picture', me, { conversationId });
      expect(asked.data.reference).toBe(true);
      expect((await settled(call, me, asked.data.job_id)).state).toBe('done');
      const upload = fake.last('/upload/image')!.form!.image as { name: string; bytes: Buffer };
      const { data } = await sharp(upload.bytes).raw().toBuffer({ resolveWithObject: true });
      expect([data[0], data[1], data[2]]).toEqual([0x33, 0xaa, 0x66]);
      const workflow = fake.last('/prompt')!.body.prompt as Record<
        string,
        { class_type: string; inputs: Record<string, unknown> }
      >;
      expect(workflow['10']).toMatchObject({ class_type: 'LoadImage', inputs: { image: upload.name } });
      expect(workflow['6']?.inputs.text).toBe(`photo of an adult woman, ${LOOK}, ${asked.data.scene}`);
    });

    it('sends no reference for a character without one: the description alone', async () => {
      const uploads = fake.seen.filter((s) => s.url === '/upload/image').length;
      const me = await loginTourist(t.app);
      const character = await makeCharacter(t, me, {
        desc: 'A keeper of the northern light. She has short red hair and freckles. She hums old songs.',
      });
      const call = envelopeCaller(t);
      const page = await call<MessagePage>('POST', '/character_msg/add', me, { characterId: character.id });
      const asked = await call<ChatPicture>('POST', '/character_msg/picture', me, {
        conversationId: page.data.conversation.id,
      });
      expect(asked.data.reference).toBe(false);
      await settled(call, me, asked.data.job_id);
      expect(fake.seen.filter((s) => s.url === '/upload/image')).toHaveLength(uploads);
      const workflow = fake.last('/prompt')!.body.prompt as Record<
        string,
        { inputs: Record<string, unknown> }
      >;
      expect(workflow['6']?.inputs.text).toContain('She has short red hair and freckles.');
      expect(JSON.stringify(workflow)).not.toContain('LoadImage');
    });
  });
});

describe('sharing a chat picture to the character’s page', () => {
  const t = useTestApp();

  it('lists it there for whoever may open the character, not in explore, and hides it when hidden', async () => {
    const { me, character, conversationId, call } = await chatWithPicture(t, { visibility: 'public' });
    await t.database.db
      .update(characters)
      .set({ approval: 'approved' })
      .where(eq(characters.id, character.id));
    const asked = await call<ChatPicture>('POST', '/character_msg/picture', me, { conversationId });
    await settled(call, me, asked.data.job_id);
    const stranger = await loginTourist(t.app);
    expect((await call('POST', '/character_msg/picture/share', stranger, { id: asked.data.id })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const shared = await call<SharedImage>('POST', '/character_msg/picture/share', me, { id: asked.data.id });
    expect(shared.code).toBe(0);
    const page = await call<{ images: SharedImage[] }>(
      'GET',
      `/character/pictures?id=${character.id}`,
      stranger,
    );
    expect(page.data.images.map((i) => i.share_id)).toEqual([shared.data.share_id]);
    const listed = await call<{ pictures: ChatPicture[] }>(
      'GET',
      `/character_msg/pictures?conversationId=${conversationId}`,
      me,
    );
    expect(listed.data.pictures[0]?.share_id).toBe(shared.data.share_id);
    const explore = await envelopeCaller(t, '/cgi-bin')<{ images: SharedImage[] }>(
      'GET',
      '/explore',
      stranger,
    );
    expect(explore.data.images.map((i) => i.share_id)).not.toContain(shared.data.share_id);
    await t.database.db
      .update(imageShares)
      .set({ hiddenAt: new Date() })
      .where(eq(imageShares.id, shared.data.share_id));
    expect(
      (await call<{ images: SharedImage[] }>('GET', `/character/pictures?id=${character.id}`, stranger)).data
        .images,
    ).toEqual([]);
  });

  it('keeps a private character’s page to its owner', async () => {
    const { me, character } = await chatWithPicture(t);
    const call = envelopeCaller(t);
    expect((await call('GET', `/character/pictures?id=${character.id}`, me)).code).toBe(0);
    const stranger = await loginTourist(t.app);
    expect((await call('GET', `/character/pictures?id=${character.id}`, stranger)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });
});
