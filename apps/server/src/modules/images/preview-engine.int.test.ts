import type { CreditRemain, JobStatus } from '@lumi/contract';
import { loadNsfwModel, NsfwImageEngine, PreviewImageEngine, type ModerationResult } from '@lumi/engines';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditEntries, jobs } from '../../db/schema';
import { callAs, useTestApp, loginTourist, type Envelope } from '../../../test/helpers';

/**
 * The offline preview renderer (the default image engine): honest about what it is. It is no AI
 * model, so its pictures cost nothing, and it draws abstract pictures that the real NSFW
 * classifier (nsfwjs, wired here as the app's image moderation) never takes for explicit ones.
 */
describe('the preview image engine', () => {
  beforeAll(() => loadNsfwModel(), 60_000);
  const t = useTestApp(() => ({ moderation: { image: new NsfwImageEngine() } }));

  const call = async <T>(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    (await callAs(t.app, method, `/cgi-bin/auth${url}`, cookie, payload)).json<Envelope<T>>();

  it('costs nothing: the job is free, no credit moves, and the pictures say they are previews', async () => {
    const me = await loginTourist(t.app);
    const made = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', {
      prompt: 'a lighthouse at dusk',
      count: 4,
      speed: 'fast',
    });
    expect(made.code).toBe(0);
    await expect
      .poll(
        async () => (await call<JobStatus>(me.cookie, 'GET', `/aigc/status?id=${made.data.id}`)).data.state,
        {
          timeout: 30_000,
        },
      )
      .toBe('done');
    const done = (await call<JobStatus>(me.cookie, 'GET', `/aigc/status?id=${made.data.id}`)).data;
    expect(done).toMatchObject({ preview: true });
    expect(done.images).toHaveLength(4);
    expect((await call<CreditRemain>(me.cookie, 'GET', '/credit/remain')).data.remain).toBe(30);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, made.data.id));
    expect(row).toMatchObject({ cost: 0, spendOp: null });
    expect(await t.database.db.select().from(creditEntries).where(eq(creditEntries.userId, me.uid))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ kind: 'spend' })]),
    );
  }, 60_000);

  it('draws pictures the NSFW classifier does not flag, whatever the prompt', async () => {
    const engine = new PreviewImageEngine();
    const classifier = new NsfwImageEngine();
    const prompts = [
      'a nude figure study, soft skin tones',
      'pink rose blossom, romantic, love',
      'sunset on the beach, warm golden light, bikini',
      'neon city at night, idol on stage',
      'a blackwork tattoo of a woman',
      'portrait of a woman, realistic photo',
    ];
    const verdicts: ModerationResult[] = [];
    for (const [i, prompt] of prompts.entries()) {
      const pictures = await engine.generate({
        prompt,
        negativePrompt: '',
        width: 768,
        height: 1024,
        count: 2,
        seed: 1000 + i,
        model: 'standard',
      });
      for (const picture of pictures) {
        verdicts.push(
          await classifier.check({ kind: 'image', image: picture.bytes }, { surface: 'image', adult: false }),
        );
      }
    }
    expect(verdicts).toHaveLength(12);
    for (const v of verdicts) expect(v).toMatchObject({ verdict: 'allow', categories: [] });
  }, 120_000);
});
