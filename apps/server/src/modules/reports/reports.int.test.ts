import {
  ErrorCode,
  type CharacterDetail,
  type CharacterPage,
  type Envelope,
  type JobStatus,
  type ModerationLogPage,
  type ReportActionResult,
  type ReportQueuePage,
  type SafetyCounts,
  type SharedImage,
} from '@lumi/contract';
import { PreviewImageEngine, type ImageEngine, type ImageRequest } from '@lumi/engines';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { moderationActions, moderationEvents, reports, users } from '../../db/schema';
import { DevOutbox } from '../../lib/mailer';
import {
  callAs,
  useTestApp,
  loginTourist,
  makeCharacter,
  messagesFile,
  signInByEmail,
} from '../../../test/helpers';

/** The preview renderer at 64x64: a real picture to share, quickly. */
class SmallPreview implements ImageEngine {
  readonly id = 'small-preview';
  readonly preview = true;
  private readonly inner = new PreviewImageEngine();
  generate(request: ImageRequest) {
    return this.inner.generate({ ...request, width: 64, height: 64 });
  }
}

const en = messagesFile('en');
const { OK, NOT_FOUND, FORBIDDEN, INVALID_INPUT, NO_SESSION, CHARACTER_DELETED } = ErrorCode;

describe('reports, the admin queue and the audit log', () => {
  const outbox = new DevOutbox(() => undefined);
  let now = Date.parse('2026-07-10T12:00:00Z');
  let admin: { cookie: string; uid: string };
  let creator: { cookie: string; uid: string };
  let other: { cookie: string; uid: string };

  const t = useTestApp({
    mailer: outbox,
    imageEngine: new SmallPreview(),
    clock: () => new Date(now),
    env: { ADMIN_EMAILS: 'admin@example.com', CHARACTER_AUTO_APPROVE: 'true' },
  });
  beforeAll(async () => {
    admin = await signInByEmail(t, outbox, 'admin@example.com');
    creator = await signInByEmail(t, outbox, 'creator@example.com');
    other = await signInByEmail(t, outbox, 'other@example.com');
  }, 60_000);

  const call = async <T = unknown>(
    who: { cookie: string } | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const res = await callAs(t.app, method, `/cgi-bin${url}`, who?.cookie, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    // Tests read `data` only after a success.
    return res.json<Envelope<T> & { data: T }>();
  };
  const report = (who: { cookie: string }, body: object) => call(who, 'POST', '/auth/report/create', body);
  const act = (body: object, who: { cookie: string } = admin) =>
    call<ReportActionResult>(who, 'POST', '/admin/report/action', body);
  const queue = async (query = '') =>
    (await call<ReportQueuePage>(admin, 'GET', `/admin/report/list?page_size=50${query}`)).data;
  const tourists = (n: number) => Promise.all(Array.from({ length: n }, () => loginTourist(t.app)));

  /** What a stranger sees of a character: in the New list, found by search, openable. */
  const publicView = async (c: CharacterDetail) => {
    const viewer = await loginTourist(t.app);
    const list = await call<CharacterPage>(viewer, 'GET', '/auth/character/list?sort=new&page_size=50');
    const search = await call<CharacterPage>(
      viewer,
      'GET',
      `/auth/character/list-search?query=${encodeURIComponent(c.name)}`,
    );
    const get = await call(viewer, 'GET', `/auth/character/get?id=${c.id}`);
    const chat = await call(viewer, 'POST', '/auth/character_msg/add', { characterId: c.id });
    return {
      listed: list.data.characters.some((x) => x.id === c.id),
      found: search.data.characters.some((x) => x.id === c.id),
      get: get.code,
      chat: chat.code,
      preview: await t.app.services.characters.preview(c.id),
    };
  };
  const publicCharacter = (name: string, who = creator) =>
    makeCharacter(t, who, { name, visibility: 'public', desc: `${name} keeps the harbour light.` });
  const auditRows = (targetType: string, targetId: string) =>
    t.database.db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetType, targetType), eq(moderationActions.targetId, targetId)));
  const reportRows = (targetType: string, targetId: string) =>
    t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, targetType as 'character'), eq(reports.targetId, targetId)));

  /** A picture made and shared through the real calls. */
  const sharedPicture = async (who: { cookie: string }) => {
    const job = await call<{ id: string }>(who, 'POST', '/auth/aigc/image', {
      prompt: 'a red kite over dunes',
    });
    expect(job.code, job.message).toBe(OK);
    await expect
      .poll(
        async () => (await call<JobStatus>(who, 'GET', `/auth/aigc/status?id=${job.data.id}`)).data.state,
        {
          timeout: 20_000,
        },
      )
      .toBe('done');
    const shared = await call<SharedImage>(who, 'POST', '/auth/aigc/image/share', {
      id: job.data.id,
      index: 0,
    });
    expect(shared.code, shared.message).toBe(OK);
    return { jobId: job.data.id, share: shared.data };
  };
  const shareVisible = async (shareId: string) => {
    const page = await call<SharedImage>(null, 'GET', `/share/${shareId}`);
    const explore = await call<{ images: SharedImage[] }>(null, 'GET', '/explore');
    return { page: page.code, explored: explore.data.images.some((i) => i.share_id === shareId) };
  };

  it('takes a report of each kind of item, keeping a message’s text for the reviewer', async () => {
    const reporter = await loginTourist(t.app);
    const character = await publicCharacter('Harbour Hana');
    // A character's reply in the reporter's own chat: its greeting.
    const chat = await call<{ messages: { id: number; role: string; content: string }[] }>(
      reporter,
      'POST',
      '/auth/character_msg/add',
      { characterId: character.id },
    );
    const greeting = chat.data.messages.find((m) => m.role === 'assistant')!;
    const { share } = await sharedPicture(creator);

    for (const body of [
      { target_type: 'character', target_id: character.id, reason: 'violence', details: 'Threatens people.' },
      { target_type: 'message', target_id: greeting.id, reason: 'sexual_content' },
      { target_type: 'share', target_id: share.share_id, reason: 'spam' },
      { target_type: 'profile', target_id: String(character.id), reason: 'impersonation' },
    ]) {
      const res = await report(reporter, body);
      expect(res.code, `${body.target_type}: ${res.message}`).toBe(OK);
    }
    expect((await reportRows('character', String(character.id)))[0]).toMatchObject({
      reporterId: reporter.uid,
      reason: 'violence',
      details: 'Threatens people.',
      status: 'open',
    });
    expect((await reportRows('message', String(greeting.id)))[0]).toMatchObject({
      reason: 'sexual_content',
      excerpt: greeting.content,
    });
    expect(await reportRows('share', share.share_id)).toHaveLength(1);
    // A profile is kept under its user, whichever character led to it.
    expect((await reportRows('profile', creator.uid))[0]?.reason).toBe('impersonation');

    const items = (await queue()).items;
    const message = items.find((i) => i.target_type === 'message' && i.target_id === String(greeting.id));
    expect(message).toMatchObject({
      open_reports: 1,
      excerpt: greeting.content,
      reasons: { sexual_content: 1 },
      item: { title: 'Harbour Hana', character_id: character.id, creator: { id: creator.uid } },
    });
    expect(
      items.find((i) => i.target_type === 'share' && i.target_id === share.share_id)?.item,
    ).toMatchObject({
      share_id: share.share_id,
      creator: { id: creator.uid },
    });
  }, 40_000);

  it("does not take reports of what the reporter can't see, nor of their own words", async () => {
    const stranger = await loginTourist(t.app);
    const secret = await makeCharacter(t, creator, { name: 'Secret Sol', visibility: 'private' });
    const chat = await call<{ messages: { id: number }[] }>(creator, 'POST', '/auth/character_msg/add', {
      characterId: secret.id,
    });
    const creatorsMessage = chat.data.messages[0]!.id;
    const refused = [
      { target_type: 'character', target_id: secret.id },
      { target_type: 'profile', target_id: secret.id },
      { target_type: 'message', target_id: creatorsMessage },
      { target_type: 'character', target_id: 987654 },
      { target_type: 'share', target_id: 'no-such-share' },
      { target_type: 'message', target_id: 'abc' },
    ];
    for (const target of refused) {
      const res = await report(stranger, { ...target, reason: 'other' });
      expect(res, JSON.stringify(target)).toMatchObject({ code: NOT_FOUND, message: en.not_found });
    }
    // The owner of a conversation reports the character's replies, not what they wrote.
    const sent = await call(creator, 'POST', '/auth/aigc/text', {
      characterId: secret.id,
      content: 'Tell me about the tides.',
    });
    expect(sent.code, sent.message).toBe(OK);
    const list = await call<{ messages: { id: number; role: string }[] }>(
      creator,
      'GET',
      `/auth/character_msg/list?characterId=${secret.id}`,
    );
    const own = await report(creator, {
      target_type: 'message',
      target_id: list.data.messages.find((m) => m.role === 'user')!.id,
      reason: 'other',
    });
    expect(own.code).toBe(INVALID_INPUT);
    // Bad input names its field, in the reporter's language.
    const badReason = await report(stranger, {
      target_type: 'character',
      target_id: secret.id,
      reason: 'meh',
    });
    expect(badReason).toMatchObject({
      code: INVALID_INPUT,
      message: en.invalid_field.replace('{{field}}', 'reason'),
    });
    const noSession = await call(null, 'POST', '/auth/report/create', {
      target_type: 'character',
      target_id: secret.id,
      reason: 'other',
    });
    expect(noSession.code).toBe(NO_SESSION);
    expect(await reportRows('character', String(secret.id))).toHaveLength(0);
  });

  it('keeps one report per person and item: a repeat succeeds and adds nothing', async () => {
    const character = await publicCharacter('Quiet Quinn');
    const reporter = await loginTourist(t.app);
    for (const reason of ['spam', 'hate', 'spam']) {
      const res = await report(reporter, { target_type: 'character', target_id: character.id, reason });
      expect(res.code).toBe(OK);
    }
    const rows = await reportRows('character', String(character.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBe('spam');
  });

  it('hides a public character after three people report it (not after one person three times), until review', async () => {
    const character = await publicCharacter('Crowd Cora');
    const [a, b, c] = await tourists(3);
    for (let i = 0; i < 3; i++) {
      await report(a!, { target_type: 'character', target_id: character.id, reason: 'hate' });
    }
    expect(await publicView(character)).toMatchObject({ listed: true, found: true, get: OK });
    await report(b!, { target_type: 'character', target_id: character.id, reason: 'hate' });
    expect((await publicView(character)).listed).toBe(true);
    await report(c!, { target_type: 'character', target_id: character.id, reason: 'violence' });

    expect(await publicView(character)).toEqual({
      listed: false,
      found: false,
      get: NOT_FOUND,
      chat: NOT_FOUND,
      preview: undefined,
    });
    // Its owner still has it, in their own list and its chat; an admin can open it to review.
    expect((await call(creator, 'GET', `/auth/character/get?id=${character.id}`)).code).toBe(OK);
    expect((await call(creator, 'POST', '/auth/character_msg/add', { characterId: character.id })).code).toBe(
      OK,
    );
    const mine = await call<CharacterPage>(creator, 'GET', '/auth/character/my?page_size=50');
    expect(mine.data.characters.map((x) => x.id)).toContain(character.id);
    expect((await call(admin, 'GET', `/auth/character/get?id=${character.id}`)).code).toBe(OK);
    // Someone who reported it can't reach it any more either.
    expect((await call(a!, 'GET', `/auth/character/get?id=${character.id}`)).code).toBe(NOT_FOUND);

    const audit = await auditRows('character', String(character.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, action: 'auto_hide' });
    const item = (await queue()).items.find((i) => i.target_id === String(character.id));
    expect(item).toMatchObject({ open_reports: 3, hidden: true, reasons: { hate: 2, violence: 1 } });
  });

  it('counts a report of a minor at risk twice: two people hide at once, one alone does not', async () => {
    const character = await publicCharacter('Doubled Dana');
    const [a, b] = await tourists(2);
    await report(a!, { target_type: 'character', target_id: character.id, reason: 'minor_safety' });
    expect((await publicView(character)).listed).toBe(true);
    await report(b!, { target_type: 'character', target_id: character.id, reason: 'minor_safety' });
    expect((await publicView(character)).listed).toBe(false);
  });

  it('hides a shared picture and a creator’s profile at the threshold', async () => {
    const [a, b, c] = await tourists(3);
    const { share } = await sharedPicture(other);
    expect(await shareVisible(share.share_id)).toEqual({ page: OK, explored: true });
    const character = await publicCharacter('Profile Pia', other);
    for (const who of [a!, b!, c!]) {
      await report(who, { target_type: 'share', target_id: share.share_id, reason: 'sexual_content' });
      await report(who, { target_type: 'profile', target_id: character.id, reason: 'impersonation' });
    }
    expect(await shareVisible(share.share_id)).toEqual({ page: NOT_FOUND, explored: false });
    // The creator's name gives way to the hidden default; their characters stay.
    const viewer = await loginTourist(t.app);
    const got = await call<CharacterDetail>(viewer, 'GET', `/auth/character/get?id=${character.id}`);
    expect(got.code).toBe(OK);
    expect(got.data.creator).toBe('for you');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.uid));
    expect(row?.hiddenAt).not.toBeNull();
    expect(await auditRows('share', share.share_id)).toMatchObject([{ action: 'auto_hide', actorId: null }]);
    expect(await auditRows('profile', other.uid)).toMatchObject([{ action: 'auto_hide', actorId: null }]);
    // Restoring the profile brings the name back.
    expect((await act({ target_type: 'profile', target_id: other.uid, action: 'restore' })).code).toBe(OK);
    const again = await call<CharacterDetail>(viewer, 'GET', `/auth/character/get?id=${character.id}`);
    expect(again.data.creator).not.toBe('for you');
  }, 40_000);

  it('lets an admin hide and restore, each in the audit log, changing what the public sees', async () => {
    const character = await publicCharacter('Review Rhea');
    const reporter = await loginTourist(t.app);
    await report(reporter, { target_type: 'character', target_id: character.id, reason: 'hate' });

    const hidden = await act({
      target_type: 'character',
      target_id: character.id,
      action: 'hide',
      note: 'Slurs in the greeting.',
    });
    expect(hidden).toMatchObject({ code: OK, data: { hidden: true, closed_reports: 1 } });
    expect((await publicView(character)).get).toBe(NOT_FOUND);
    expect((await reportRows('character', String(character.id)))[0]).toMatchObject({
      status: 'actioned',
      resolvedBy: admin.uid,
    });

    // Hidden, it can't be reported by the public any more.
    const late = await report(await loginTourist(t.app), {
      target_type: 'character',
      target_id: character.id,
      reason: 'spam',
    });
    expect(late.code).toBe(NOT_FOUND);
    const shown = await act({ target_type: 'character', target_id: character.id, action: 'restore' });
    expect(shown).toMatchObject({ code: OK, data: { hidden: false, closed_reports: 0 } });
    expect(await publicView(character)).toMatchObject({ listed: true, get: OK });

    // Hidden by reports, then restored: the open reports are dismissed and it leaves the queue.
    for (const who of await tourists(3)) {
      await report(who, { target_type: 'character', target_id: character.id, reason: 'spam' });
    }
    expect((await publicView(character)).get).toBe(NOT_FOUND);
    const restored = await act({ target_type: 'character', target_id: character.id, action: 'restore' });
    expect(restored).toMatchObject({ code: OK, data: { hidden: false, closed_reports: 3 } });
    expect(await publicView(character)).toMatchObject({ listed: true, get: OK });
    const statuses = (await reportRows('character', String(character.id))).map((r) => r.status).sort();
    expect(statuses).toEqual(['actioned', 'dismissed', 'dismissed', 'dismissed']);
    expect((await queue()).items.some((i) => i.target_id === String(character.id))).toBe(false);

    const audit = await auditRows('character', String(character.id));
    expect(audit.map((a) => [a.action, a.actorId, a.note])).toEqual([
      ['hide', admin.uid, 'Slurs in the greeting.'],
      ['restore', admin.uid, ''],
      ['auto_hide', null, 'hidden by reports (3 of 3)'],
      ['restore', admin.uid, ''],
    ]);
    const log = await call<ModerationLogPage>(admin, 'GET', '/admin/report/log?page_size=50');
    const mine = log.data.entries.filter((e) => e.target_id === String(character.id));
    expect(mine.map((e) => e.action)).toEqual(['restore', 'auto_hide', 'restore', 'hide']);
    expect(mine[1]?.actor).toBeNull();
    expect(mine[3]).toMatchObject({
      actor: { id: admin.uid },
      target_label: 'Review Rhea',
      note: 'Slurs in the greeting.',
    });
  });

  it('lets an admin delete a character and a shared picture', async () => {
    const character = await publicCharacter('Gone Greta');
    const reporter = await loginTourist(t.app);
    await report(reporter, { target_type: 'character', target_id: character.id, reason: 'violence' });
    expect(
      (await act({ target_type: 'character', target_id: character.id, action: 'delete' })).data,
    ).toMatchObject({ gone: true, closed_reports: 1 });
    expect((await call(reporter, 'GET', `/auth/character/get?id=${character.id}`)).code).toBe(
      CHARACTER_DELETED,
    );
    expect((await call(creator, 'GET', `/auth/character/get?id=${character.id}`)).code).toBe(
      CHARACTER_DELETED,
    );

    const { share } = await sharedPicture(creator);
    await report(reporter, { target_type: 'share', target_id: share.share_id, reason: 'spam' });
    expect((await act({ target_type: 'share', target_id: share.share_id, action: 'delete' })).code).toBe(OK);
    expect(await shareVisible(share.share_id)).toEqual({ page: NOT_FOUND, explored: false });
    // Its public file went with it.
    const key = new URL(share.url, 'http://x').pathname.replace(/^\/files\//, '');
    expect(await t.app.services.characters.storage.get(key)).toBeUndefined();
    expect((await auditRows('share', share.share_id)).map((a) => a.action)).toEqual(['delete']);
    // A message has nothing public to delete.
    expect((await act({ target_type: 'message', target_id: '1', action: 'delete' })).code).toBe(
      INVALID_INPUT,
    );
  }, 40_000);

  it('bans a creator: their public characters and pictures go, and they can no longer publish or share', async () => {
    const banned = await signInByEmail(t, outbox, 'banned@example.com');
    const first = await publicCharacter('Banned Bea', banned);
    const privateOne = await makeCharacter(t, banned, { name: 'Diary Dee', visibility: 'private' });
    const { share, jobId } = await sharedPicture(banned);
    const reporter = await loginTourist(t.app);
    await report(reporter, { target_type: 'character', target_id: first.id, reason: 'minor_safety' });

    const res = await act({
      target_type: 'character',
      target_id: first.id,
      action: 'ban',
      note: 'Repeat offender.',
    });
    expect(res).toMatchObject({ code: OK, data: { hidden: true, closed_reports: 1 } });
    expect(await auditRows('profile', banned.uid)).toMatchObject([
      { action: 'ban', actorId: admin.uid, note: 'Repeat offender.' },
    ]);
    expect((await publicView(first)).get).toBe(NOT_FOUND);
    expect(await shareVisible(share.share_id)).toEqual({ page: NOT_FOUND, explored: false });

    // Publishing and sharing are refused at once (no stale session), with the translated reason.
    const refused = { code: FORBIDDEN, message: en.account_banned };
    await expect(makeCharacter(t, banned, { name: 'Another Ann', visibility: 'public' })).rejects.toThrow(
      en.account_banned,
    );
    const modify = await call(banned, 'POST', '/auth/character/modify', {
      id: privateOne.id,
      visibility: 'public',
    });
    expect(modify).toMatchObject(refused);
    expect(await call(banned, 'POST', '/auth/aigc/image/share', { id: jobId, index: 0 })).toMatchObject(
      refused,
    );
    // Private characters stay theirs.
    expect((await makeCharacter(t, banned, { name: 'Private Pam', visibility: 'private' })).name).toBe(
      'Private Pam',
    );

    // Admins can't be banned from the queue.
    const adminsOwn = await publicCharacter('Admin Ada', admin);
    await report(reporter, { target_type: 'character', target_id: adminsOwn.id, reason: 'other' });
    expect((await act({ target_type: 'character', target_id: adminsOwn.id, action: 'ban' })).code).toBe(
      FORBIDDEN,
    );

    // Lifting the ban brings back what it hid, and publishing again.
    expect((await act({ target_type: 'character', target_id: first.id, action: 'unban' })).code).toBe(OK);
    expect((await publicView(first)).get).toBe(OK);
    expect((await shareVisible(share.share_id)).page).toBe(OK);
    expect((await makeCharacter(t, banned, { name: 'Back Bo', visibility: 'public' })).name).toBe('Back Bo');
  }, 60_000);

  it('bans the creator of a character from a reported message, and dismisses reports', async () => {
    const author = await signInByEmail(t, outbox, 'author@example.com');
    const character = await publicCharacter('Message Mae', author);
    const reader = await loginTourist(t.app);
    const chat = await call<{ messages: { id: number }[] }>(reader, 'POST', '/auth/character_msg/add', {
      characterId: character.id,
    });
    const messageId = String(chat.data.messages[0]!.id);
    await report(reader, { target_type: 'message', target_id: messageId, reason: 'self_harm' });
    expect((await act({ target_type: 'message', target_id: messageId, action: 'hide' })).code).toBe(
      INVALID_INPUT,
    );
    expect((await act({ target_type: 'message', target_id: messageId, action: 'ban' })).code).toBe(OK);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, author.uid));
    expect(row?.bannedAt).not.toBeNull();
    expect((await reportRows('message', messageId))[0]?.status).toBe('actioned');

    const another = await publicCharacter('Dismissed Dot');
    await report(reader, { target_type: 'character', target_id: another.id, reason: 'spam' });
    expect(
      (await act({ target_type: 'character', target_id: another.id, action: 'dismiss' })).data,
    ).toMatchObject({
      hidden: false,
      closed_reports: 1,
    });
    expect((await reportRows('character', String(another.id)))[0]?.status).toBe('dismissed');
    expect((await auditRows('character', String(another.id))).map((a) => a.action)).toEqual(['dismiss']);
    // Nothing to act on: not found.
    expect((await act({ target_type: 'character', target_id: '99999999', action: 'hide' })).code).toBe(
      NOT_FOUND,
    );
    expect((await act({ target_type: 'share', target_id: 'nothing-here', action: 'dismiss' })).code).toBe(
      NOT_FOUND,
    );
  });

  it('lists the queue most reported first, or newest first, a page at a time', async () => {
    const few = await publicCharacter('Few Fay');
    const many = await publicCharacter('Many Mo');
    const [a, b] = await tourists(2);
    await report(a!, { target_type: 'character', target_id: many.id, reason: 'spam' });
    await report(b!, { target_type: 'character', target_id: many.id, reason: 'spam' });
    now += 60_000;
    await report(a!, { target_type: 'character', target_id: few.id, reason: 'other', details: 'Odd.' });
    const byReports = (await queue()).items.map((i) => i.target_id);
    expect(byReports.indexOf(String(many.id))).toBeLessThan(byReports.indexOf(String(few.id)));
    const newest = await queue('&sort=newest');
    expect(newest.items[0]).toMatchObject({ target_id: String(few.id), details: ['Odd.'] });
    const first = await call<ReportQueuePage>(admin, 'GET', '/admin/report/list?page_size=1&sort=newest');
    const second = await call<ReportQueuePage>(
      admin,
      'GET',
      '/admin/report/list?page_size=1&page=2&sort=newest',
    );
    expect(first.data).toMatchObject({ has_more: true, total_count: newest.total_count });
    expect(second.data.items[0]?.target_id).not.toBe(first.data.items[0]?.target_id);
    const onlyShares = await queue('&target_type=share');
    expect(onlyShares.items.every((i) => i.target_type === 'share')).toBe(true);
  });

  it('counts moderation decisions per day, verdict and surface, and the open reports', async () => {
    const day = (offset: number) => new Date(now - offset * 86_400_000);
    await t.database.db.insert(moderationEvents).values([
      { surface: 'chat', verdict: 'refuse', engine: 'offline-floor', createdAt: day(0) },
      { surface: 'chat', verdict: 'refuse', engine: 'offline-floor', createdAt: day(0) },
      { surface: 'chat', verdict: 'crisis', engine: 'offline-floor', createdAt: day(1) },
      { surface: 'image', verdict: 'explicit', engine: 'nsfwjs', createdAt: day(2) },
      { surface: 'character', verdict: 'refuse', engine: 'offline-floor', createdAt: day(29) },
      // Outside the 30 days: not counted.
      { surface: 'chat', verdict: 'refuse', engine: 'offline-floor', createdAt: day(31) },
    ]);
    const before = (await call<SafetyCounts>(admin, 'GET', '/admin/safety/counts')).data;
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toBe(new Date(now).toISOString().slice(0, 10));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    // Every other test's decisions count too: the figures are checked for consistency and for these.
    expect(before.verdicts.refuse.at(-1)).toBeGreaterThanOrEqual(2);
    expect(before.verdicts.crisis.at(-2)).toBeGreaterThanOrEqual(1);
    expect(before.verdicts.explicit.at(-3)).toBeGreaterThanOrEqual(1);
    expect(before.verdicts.refuse[0]).toBeGreaterThanOrEqual(1);
    for (const v of ['refuse', 'crisis', 'explicit'] as const)
      expect(sum(before.verdicts[v])).toBe(before.totals[v]);
    const bySurface = sum(Object.values(before.surfaces).map(sum));
    expect(bySurface).toBe(before.totals.refuse + before.totals.crisis + before.totals.explicit);
    const openRows = (await t.database.db.select().from(reports).where(eq(reports.status, 'open'))).length;
    expect(before.open_reports.reports).toBe(openRows);
    expect(sum(Object.values(before.open_reports.by_type))).toBe(openRows);
    expect(sum(Object.values(before.open_reports.by_reason))).toBe(openRows);
    expect(before.open_reports.items).toBe((await queue()).total_count);
    expect(before.engines[0]).toBeTruthy();

    // One more report and one more refusal show at once.
    const fresh = await publicCharacter('Counted Cal');
    await report(await loginTourist(t.app), {
      target_type: 'character',
      target_id: fresh.id,
      reason: 'hate',
    });
    await t.database.db
      .insert(moderationEvents)
      .values({ surface: 'persona', verdict: 'refuse', engine: 'offline-floor', createdAt: day(0) });
    const after = (await call<SafetyCounts>(admin, 'GET', '/admin/safety/counts?days=7')).data;
    expect(after.days).toHaveLength(7);
    expect(after.open_reports.reports).toBe(before.open_reports.reports + 1);
    expect(after.open_reports.by_reason.hate).toBe(before.open_reports.by_reason.hate + 1);
    expect(after.surfaces.persona?.at(-1)).toBe((before.surfaces.persona?.at(-1) ?? 0) + 1);
    expect(after.totals.refuse).toBeGreaterThanOrEqual(3);
  });

  it('refuses every admin call to anyone but an admin', async () => {
    const tourist = await loginTourist(t.app);
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/admin/report/list'],
      ['POST', '/admin/report/action', { target_type: 'character', target_id: '1', action: 'dismiss' }],
      ['GET', '/admin/report/log'],
      ['GET', '/admin/safety/counts'],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(null, method, url, body)).code, url).toBe(NO_SESSION);
      for (const who of [tourist, creator, other]) {
        expect(await call(who, method, url, body), url).toMatchObject({
          code: FORBIDDEN,
          message: en.forbidden,
        });
      }
    }
  });
});
