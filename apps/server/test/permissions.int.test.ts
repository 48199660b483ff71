import { ErrorCode, type CharacterDetail, type Envelope } from '@lumi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DevOutbox } from '../src/lib/mailer';
import { callAs, useTestApp, loginTourist, makeCharacter, signInByEmail } from './helpers';

/**
 * The permission matrix (issue 17): who may do what to characters (private, adult, pending),
 * conversations, generated files and admin calls — a visitor without a session, a tourist, the
 * owner A, another user B, and an admin — checked call by call on the server, whatever a page
 * would or would not show.
 */

type Role = 'nobody' | 'tourist' | 'owner' | 'other' | 'admin';
const ROLES: Role[] = ['nobody', 'tourist', 'owner', 'other', 'admin'];

const OK = 0;
const { NO_SESSION, NOT_FOUND, FORBIDDEN, NSFW_REQUIRED, INVALID_INPUT } = ErrorCode;

describe('the permission matrix', () => {
  const outbox = new DevOutbox(() => undefined);
  const cookies: Record<Role, string> = { nobody: '', tourist: '', owner: '', other: '', admin: '' };
  let privateChar: CharacterDetail;
  let pendingChar: CharacterDetail;
  let adultChar: CharacterDetail;
  let conversationId: string;
  let messageId: number;
  let jobId: string;
  let pictureId: string;
  let ownerUid: string;

  const call = async (role: Role, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await callAs(t.app, method, url, cookies[role], payload);
    expect(res.statusCode, `${role} ${method} ${url}`).toBeLessThan(500);
    return res.json<Envelope<Record<string, unknown>>>();
  };

  const t = useTestApp({
    mailer: outbox,
    env: { ADMIN_EMAILS: 'admin@example.com', RUN_WORKERS: 'true' },
  });
  beforeAll(async () => {
    cookies.tourist = (await loginTourist(t.app)).cookie;
    const owner = await signInByEmail(t, outbox, 'owner@example.com');
    cookies.owner = owner.cookie;
    ownerUid = owner.uid;
    cookies.other = (await signInByEmail(t, outbox, 'other@example.com')).cookie;
    cookies.admin = (await signInByEmail(t, outbox, 'admin@example.com')).cookie;
    // The owner turns adult content on to make an adult character.
    const on = await call('owner', 'POST', '/cgi-bin/auth/user/update', {
      enable_nsfw: true,
      confirm_adult: true,
    });
    expect(on.code).toBe(OK);
    const ownerCookie = { cookie: cookies.owner };
    privateChar = await makeCharacter(t, ownerCookie, { name: 'Private Pia', visibility: 'private' });
    pendingChar = await makeCharacter(t, ownerCookie, { name: 'Pending Pol', visibility: 'public' });
    adultChar = await makeCharacter(t, ownerCookie, { name: 'Adult Ada', visibility: 'public', NSFW: '1' });
    // Public characters wait for review; the admin approves the adult one, and the pending stays.
    expect((await call('admin', 'POST', '/cgi-bin/admin/character/approve', { id: adultChar.id })).code).toBe(
      OK,
    );
    const chat = await call('owner', 'POST', '/cgi-bin/auth/character_msg/add', {
      characterId: privateChar.id,
    });
    expect(chat.code).toBe(OK);
    conversationId = (chat.data as { conversation: { id: string } }).conversation.id;
    messageId = (chat.data as { messages: { id: number }[] }).messages[0]!.id;
    const job = await call('owner', 'POST', '/cgi-bin/auth/aigc/image', { prompt: 'a lighthouse at dusk' });
    expect(job.code).toBe(OK);
    jobId = (job.data as { id: string }).id;
    const picture = await call('owner', 'POST', '/cgi-bin/auth/character_msg/picture', { conversationId });
    expect(picture.code).toBe(OK);
    pictureId = (picture.data as { id: string; job_id: string }).id;
    // Done before the matrix shares it.
    const pictureJob = (picture.data as { job_id: string }).job_id;
    for (let i = 0; i < 200; i++) {
      const state = (await call('owner', 'GET', `/cgi-bin/auth/aigc/status?id=${pictureJob}`)).data as {
        state: string;
      };
      if (state.state === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);

  /** Each call's expected code for nobody, tourist, owner, other, admin (in ROLES' order). */
  const matrix: [string, () => ['GET' | 'POST', string, object?], number[]][] = [
    // Private: only the owner (and an admin) sees it; to the others it does not exist.
    [
      'get a private character',
      () => ['GET', `/cgi-bin/auth/character/get?id=${privateChar.id}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      'rate a private character',
      () => ['POST', '/cgi-bin/auth/character/ratings', { id: privateChar.id, rating: 5 }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      'like a private character',
      () => ['POST', '/cgi-bin/auth/collect/add', { characterId: privateChar.id }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      'export a private character',
      () => ['GET', `/cgi-bin/auth/character/card?id=${privateChar.id}`],
      [NO_SESSION, NOT_FOUND, -1, NOT_FOUND, -1],
    ],
    [
      "read a private character's lorebook",
      () => ['GET', `/cgi-bin/auth/character/book?id=${privateChar.id}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      "change a private character's lorebook",
      () => [
        'POST',
        '/cgi-bin/auth/character/modify',
        { id: privateChar.id, character_book: { entries: [{ keys: ['tide'], content: 'The tide turns.' }] } },
      ],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      'chat with a private character',
      () => ['POST', '/cgi-bin/auth/character_msg/add', { characterId: privateChar.id }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      'start a group chat with a private character',
      () => ['POST', '/cgi-bin/auth/character_msg/group', { characterIds: [privateChar.id, pendingChar.id] }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      'change a private character',
      () => ['POST', '/cgi-bin/auth/character/modify', { id: privateChar.id, scenario: 'A quiet night.' }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    // Pending (public, not approved yet): like a private one to everyone but the owner and admins.
    [
      'get a pending character',
      () => ['GET', `/cgi-bin/auth/character/get?id=${pendingChar.id}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    // (An admin's change would approve it: not asked here.)
    [
      'change a pending character',
      () => ['POST', '/cgi-bin/auth/character/modify', { id: pendingChar.id, scenario: 'A quiet night.' }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, -1],
    ],
    [
      'delete a pending character',
      () => ['POST', '/cgi-bin/auth/character/delete', { id: pendingChar.id }],
      [NO_SESSION, NOT_FOUND, -1, NOT_FOUND, -1],
    ],
    // Adult (approved): listed, but opened only with adult content on; changed by its owner only.
    [
      'get an adult character',
      () => ['GET', `/cgi-bin/auth/character/get?id=${adultChar.id}`],
      [NO_SESSION, NSFW_REQUIRED, OK, NSFW_REQUIRED, NSFW_REQUIRED],
    ],
    [
      "read an adult character's lorebook",
      () => ['GET', `/cgi-bin/auth/character/book?id=${adultChar.id}`],
      [NO_SESSION, NSFW_REQUIRED, OK, NSFW_REQUIRED, NSFW_REQUIRED],
    ],
    [
      'chat with an adult character',
      () => ['POST', '/cgi-bin/auth/character_msg/add', { characterId: adultChar.id }],
      [NO_SESSION, NSFW_REQUIRED, OK, NSFW_REQUIRED, NSFW_REQUIRED],
    ],
    // (The owner's change would send it back to review: not asked here.)
    [
      'start a group chat with an adult character',
      () => ['POST', '/cgi-bin/auth/character_msg/group', { characterIds: [adultChar.id, privateChar.id] }],
      [NO_SESSION, NSFW_REQUIRED, OK, NSFW_REQUIRED, NSFW_REQUIRED],
    ],
    [
      'change an adult character',
      () => ['POST', '/cgi-bin/auth/character/modify', { id: adultChar.id, scenario: 'A quiet night.' }],
      [NO_SESSION, FORBIDDEN, -1, FORBIDDEN, NSFW_REQUIRED],
    ],
    // Conversations: the owner's only.
    [
      'read a conversation',
      () => ['GET', `/cgi-bin/auth/character_msg/list?conversationId=${conversationId}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'edit a message',
      () => ['POST', '/cgi-bin/auth/character_msg/edit', { id: messageId, content: 'Mine now.' }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'branch a conversation',
      () => ['POST', '/cgi-bin/auth/character_msg/branch', { conversationId, id: messageId }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      "list a conversation's branches",
      () => ['GET', `/cgi-bin/auth/character_msg/branches?conversationId=${conversationId}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'switch to a conversation',
      () => ['POST', '/cgi-bin/auth/character_msg/switch', { conversationId }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'edit a message as seen in a conversation',
      () => [
        'POST',
        '/cgi-bin/auth/character_msg/edit',
        { id: messageId, conversationId, content: 'Mine again.' },
      ],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'let a character of a group speak in a conversation',
      () => ['POST', '/cgi-bin/auth/aigc/text', { conversationId, speakerId: privateChar.id }],
      [NO_SESSION, NOT_FOUND, INVALID_INPUT, NOT_FOUND, NOT_FOUND],
    ],
    [
      'read a reply aloud',
      () => ['POST', '/cgi-bin/auth/character_msg/speech', { id: messageId }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'read a reply aloud as seen in a conversation',
      () => ['POST', '/cgi-bin/auth/character_msg/speech', { id: messageId, conversationId }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'set a conversation memory',
      () => ['POST', '/cgi-bin/auth/character_msg/memory', { conversationId, memory: 'x' }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'send in a conversation',
      () => ['POST', '/cgi-bin/auth/aigc/text', { conversationId, content: 'hi' }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    // A character's pictures (issue 22): asked in the owner's conversation, listed there.
    [
      'ask for a picture in a conversation',
      () => ['POST', '/cgi-bin/auth/character_msg/picture', { conversationId }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      "list a conversation's pictures",
      () => ['GET', `/cgi-bin/auth/character_msg/pictures?conversationId=${conversationId}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      "share a chat picture to the character's page",
      () => ['POST', '/cgi-bin/auth/character_msg/picture/share', { id: pictureId }],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      "a private character's shared pictures",
      () => ['GET', `/cgi-bin/auth/character/pictures?id=${privateChar.id}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      "an adult character's shared pictures",
      () => ['GET', `/cgi-bin/auth/character/pictures?id=${adultChar.id}`],
      [NO_SESSION, NSFW_REQUIRED, OK, NSFW_REQUIRED, NSFW_REQUIRED],
    ],
    // Generations: the owner's job, its status and sharing.
    [
      'see a job',
      () => ['GET', `/cgi-bin/auth/aigc/status?id=${jobId}`],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    // Admin calls: admins only.
    [
      'list every character (admin)',
      () => ['POST', '/cgi-bin/admin/character/all', { page: 1, page_size: 5 }],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'approve a character (admin)',
      () => ['POST', '/cgi-bin/admin/character/approve', { id: pendingChar.id, approval: 'rejected' }],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, -1],
    ],
    [
      'the approval queue (admin)',
      () => ['GET', '/cgi-bin/auth/character/approve-list'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'mint redeem codes (admin)',
      () => ['POST', '/cgi-bin/admin/redeem-codes/create', { credits: 1_000_000, count: 1 }],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    // Reports (issue 18): what the reporter can see; a message only by its conversation's owner.
    [
      'report a private character',
      () => [
        'POST',
        '/cgi-bin/auth/report/create',
        { target_type: 'character', target_id: privateChar.id, reason: 'other' },
      ],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      "report a private character's creator",
      () => [
        'POST',
        '/cgi-bin/auth/report/create',
        { target_type: 'profile', target_id: privateChar.id, reason: 'spam' },
      ],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, OK],
    ],
    [
      "report a reply in someone's chat",
      () => [
        'POST',
        '/cgi-bin/auth/report/create',
        { target_type: 'message', target_id: messageId, reason: 'hate' },
      ],
      [NO_SESSION, NOT_FOUND, OK, NOT_FOUND, NOT_FOUND],
    ],
    [
      'the report queue (admin)',
      () => ['GET', '/cgi-bin/admin/report/list?sort=newest'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'act on a report (admin)',
      () => [
        'POST',
        '/cgi-bin/admin/report/action',
        { target_type: 'character', target_id: String(privateChar.id), action: 'dismiss' },
      ],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'the moderation log (admin)',
      () => ['GET', '/cgi-bin/admin/report/log'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'the safety counts (admin)',
      () => ['GET', '/cgi-bin/admin/safety/counts?days=30'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    // The operator console (issue 23): admins only; a refused call changes nothing.
    [
      'find users (operator)',
      () => ['GET', '/cgi-bin/admin/operator/users?q=owner%40example.com'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      "a user's credits, ledger and orders (operator)",
      () => ['GET', `/cgi-bin/admin/operator/user?id=${ownerUid}`],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'grant credits (operator)',
      () => [
        'POST',
        '/cgi-bin/admin/operator/credits',
        { user_id: ownerUid, action: 'grant', amount: 1, reason: 'permission matrix' },
      ],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'refund an order (operator)',
      () => [
        'POST',
        '/cgi-bin/admin/operator/order/refund',
        { order_id: '00000000-0000-4000-8000-00000000000a', reason: 'permission matrix' },
      ],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, NOT_FOUND],
    ],
    [
      'ban or lift a ban (operator)',
      () => [
        'POST',
        '/cgi-bin/admin/operator/ban',
        { user_id: ownerUid, banned: false, reason: 'permission matrix' },
      ],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'the job queue (operator)',
      () => ['GET', '/cgi-bin/admin/operator/jobs?state=failed'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      'cancel or retry a job (operator)',
      () => [
        'POST',
        '/cgi-bin/admin/operator/job',
        { job_id: '00000000-0000-4000-8000-00000000000b', action: 'cancel', reason: 'permission matrix' },
      ],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, NOT_FOUND],
    ],
    [
      "the engines' health (operator)",
      () => ['GET', '/cgi-bin/admin/operator/engines'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
    [
      "the operator console's audit log (operator)",
      () => ['GET', '/cgi-bin/admin/operator/log'],
      [NO_SESSION, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
    ],
  ];

  for (const [what, request, expected] of matrix) {
    it(what, async () => {
      for (const [i, role] of ROLES.entries()) {
        const want = expected[i]!;
        // -1: this role's success would change what the other rows test; not asked here.
        if (want === -1) continue;
        const [method, url, payload] = request();
        const res = await call(role, method, url, payload);
        expect(res.code, `${role}: ${res.message}`).toBe(want);
      }
    });
  }

  it('serves a generated file only through its signed URL: another key or signature is refused', async () => {
    let images: { url: string }[] = [];
    await expect
      .poll(
        async () => {
          const res = await call('owner', 'GET', `/cgi-bin/auth/aigc/status?id=${jobId}`);
          images = (res.data?.images ?? []) as { url: string }[];
          return res.data?.state;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe('done');
    const url = images[0]!.url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const forged = url.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const otherKey = url.replace(/\/files\/private\/[^?]+/, '/files/private/images/someone-else.webp');
    expect((await t.app.inject({ method: 'GET', url: otherKey })).statusCode).toBe(403);
    // Sharing it is the owner's call alone.
    for (const role of ['tourist', 'other', 'admin'] as const) {
      const share = await call(role, 'POST', '/cgi-bin/auth/aigc/image/share', { id: jobId, index: 0 });
      expect(share.code, role).toBe(NOT_FOUND);
    }
  });

  it('keeps the private and pending characters out of everyone else’s lists and search', async () => {
    for (const role of ['tourist', 'other'] as const) {
      for (const url of [
        '/cgi-bin/auth/character/list?sort=new&page=1&page_size=50',
        '/cgi-bin/auth/character/list-search?query=Pia&page=1',
        '/cgi-bin/auth/character/list-search?query=Pol&page=1',
      ]) {
        const res = await call(role, 'GET', url);
        const names = ((res.data?.characters ?? res.data?.items ?? []) as { name: string }[]).map(
          (c) => c.name,
        );
        expect(names, `${role} ${url}`).not.toContain('Private Pia');
        expect(names, `${role} ${url}`).not.toContain('Pending Pol');
      }
    }
  });

  it('lists an adult character to others without its description, and with it to the owner', async () => {
    const find = async (role: Role) => {
      const res = await call(role, 'GET', '/cgi-bin/auth/character/list?sort=new&page=1&page_size=50');
      return ((res.data?.characters ?? []) as { id: number; desc: string; need_enable_nsfw: boolean }[]).find(
        (c) => c.id === adultChar.id,
      );
    };
    const seenByOther = await find('other');
    expect(seenByOther).toMatchObject({ need_enable_nsfw: true, desc: '' });
    expect((await find('owner'))?.desc).toBe(adultChar.desc);
  });

  it('lets the owner alone delete a character, and an admin remove any', async () => {
    for (const role of ['tourist', 'other'] as const) {
      expect((await call(role, 'POST', '/cgi-bin/auth/character/delete', { id: privateChar.id })).code).toBe(
        NOT_FOUND,
      );
      expect((await call(role, 'POST', '/cgi-bin/auth/character/delete', { id: adultChar.id })).code).toBe(
        FORBIDDEN,
      );
    }
    expect((await call('owner', 'POST', '/cgi-bin/auth/character/delete', { id: privateChar.id })).code).toBe(
      OK,
    );
    expect((await call('admin', 'POST', '/cgi-bin/auth/character/delete', { id: pendingChar.id })).code).toBe(
      OK,
    );
  });
});
