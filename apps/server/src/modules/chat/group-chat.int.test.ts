import { ErrorCode, type ChatMessageDto, type GroupList, type MessagePage } from '@lumi/contract';
import type { ChatEngine, ChatMessage } from '@lumi/engines';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  creditsLeft,
  envelopeCaller,
  loginTourist,
  makeCharacter,
  useCharacter,
  useTestApp,
  useTourists,
} from '../../../test/helpers';

type Who = { cookie: string; uid: string };

/** Issue 22, item 3: group chats with two to four characters. */
describe('group chats', () => {
  /** Every request's messages; a paid engine (2 credits a reply) answering "Reply n." */
  const prompts: ChatMessage[][] = [];
  const engine: ChatEngine = {
    id: 'echo',
    demo: false,
    async *stream(request) {
      prompts.push(request.messages);
      yield { type: 'delta', text: `Reply ${prompts.length}.` };
      yield { type: 'done', finishReason: 'stop' };
    },
  };
  const t = useTestApp({ chatEngine: engine });
  const { alice, bob } = useTourists(t, 'alice', 'bob');
  const mira = useCharacter(t, alice, {
    name: 'Mira Solano',
    first_message: 'Mira waves from the lighthouse.',
    character_book: JSON.stringify({
      entries: [
        { keys: ['lamp'], content: 'The lamp was lit by Mira’s grandmother.', enabled: true, extensions: {} },
      ],
      extensions: {},
    }),
  });
  const theo = useCharacter(t, alice, {
    name: 'Theo Vance',
    desc: 'A retired sea captain with a wooden leg.',
    first_message: 'Theo taps his pipe.',
  });
  const june = useCharacter(t, alice, {
    name: 'June',
    desc: 'A ship’s cat who can talk.',
    first_message: 'Mrrp.',
  });
  const call = envelopeCaller(t);
  const ok = async <T>(method: 'GET' | 'POST', url: string, who: Who, payload?: object) => {
    const res = await call<T>(method, url, who, payload);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const startGroup = (who: Who, characterIds: number[]) =>
    ok<MessagePage>('POST', '/character_msg/group', who, { characterIds });
  const send = (conversationId: string, body: object) =>
    ok<{ message: ChatMessageDto }>('POST', '/aigc/text', alice, { conversationId, ...body });
  const page = (conversationId: string) =>
    ok<MessagePage>('GET', `/character_msg/list?conversationId=${conversationId}&page_size=100`, alice);
  const system = () => prompts.at(-1)?.[0]?.content ?? '';

  it('starts with the characters in turn order and the first one’s greeting', async () => {
    const group = await startGroup(alice, [theo.id, mira.id, june.id]);
    expect(group.conversation.members).toEqual([theo.id, mira.id, june.id]);
    expect(group.conversation.character_id).toBeNull();
    expect(group.members.map((m) => m.name)).toEqual(['Theo Vance', 'Mira Solano', 'June']);
    expect(group.members[0]?.head).toMatch(/^\/|^http/);
    expect(group.messages).toHaveLength(1);
    expect(group.messages[0]).toMatchObject({ content: 'Theo taps his pipe.', character_id: theo.id });
    // The characters' own chats stay their own: the group is not Mira's current chat.
    const own = await ok<MessagePage>('GET', `/character_msg/list?characterId=${mira.id}`, alice);
    expect(own.conversation.id).not.toBe(group.conversation.id);
    expect(own.conversation.members).toEqual([]);
    expect(own.members).toEqual([]);
  });

  it('answers as the one named, the one the story calls on, else the next in turn; each with its own definition and book', async () => {
    const group = await startGroup(alice, [theo.id, mira.id, june.id]);
    const id = group.conversation.id;

    // Named by the user: the speakerId.
    const named = await send(id, { content: 'Tell me about the lamp.', speakerId: mira.id });
    expect(named.message.character_id).toBe(mira.id);
    expect(system()).toContain('You are Mira Solano');
    expect(system()).toContain('This is a group chat');
    expect(system()).toContain('Theo Vance, June');
    expect(system()).toContain('A retired sea captain');
    // Mira's lorebook fired on "lamp"; its entry is in her prompt and named on the reply.
    expect(system()).toContain('lit by Mira’s grandmother');
    expect(named.message.lore).toHaveLength(1);
    // Theo's greeting comes to Mira's prompt with his name in front.
    expect(
      prompts.at(-1)?.some((m) => m.role === 'assistant' && m.content === 'Theo Vance: Theo taps his pipe.'),
    ).toBe(true);

    // Called on by the story: the user's message names June.
    const called = await send(id, { content: 'What does june think of storms?' });
    expect(called.message.character_id).toBe(june.id);
    expect(system()).toContain('You are June');
    expect(system()).not.toContain('lit by Mira’s grandmother');

    // Nobody named: the next in turn after the last to speak (June, so Theo).
    const next = await send(id, { content: 'The wind picks up.' });
    expect(next.message.character_id).toBe(theo.id);

    // A nudge: no new message, Mira speaks next.
    const before = (await page(id)).messages.length;
    const nudge = await send(id, { speakerId: mira.id });
    expect(nudge.message.character_id).toBe(mira.id);
    const after = await page(id);
    expect(after.messages).toHaveLength(before + 1);
    expect(after.messages.at(-2)?.role).toBe('assistant');
    expect(after.messages.map((m) => m.character_id)).toEqual([
      theo.id,
      null,
      mira.id,
      null,
      june.id,
      null,
      theo.id,
      mira.id,
    ]);
  });

  it('regenerates, edits and branches as in a chat with one character, keeping who spoke', async () => {
    const group = await startGroup(alice, [mira.id, theo.id]);
    const id = group.conversation.id;
    const reply = await send(id, { content: 'Theo, any ships?' });
    expect(reply.message.character_id).toBe(theo.id);
    const swiped = await send(id, { regenerate: reply.message.id });
    expect(swiped.message).toMatchObject({ id: reply.message.id, character_id: theo.id });
    expect(swiped.message.swipes).toHaveLength(2);
    expect(system()).toContain('You are Theo Vance');

    const edited = await ok<ChatMessageDto>('POST', '/character_msg/edit', alice, {
      id: reply.message.id,
      content: 'Three ships, all late.',
    });
    expect(edited).toMatchObject({ content: 'Three ships, all late.', character_id: theo.id });

    // A branch from the question: the same group, sharing the history.
    const question = (await page(id)).messages.at(-2);
    const branch = await ok<MessagePage>('POST', '/character_msg/branch', alice, {
      conversationId: id,
      id: question?.id,
    });
    expect(branch.conversation.members).toEqual([mira.id, theo.id]);
    expect(branch.members.map((m) => m.id)).toEqual([mira.id, theo.id]);
    expect(branch.messages.map((m) => m.character_id)).toEqual([mira.id, null]);
    const other = await send(branch.conversation.id, { speakerId: mira.id });
    expect(other.message.character_id).toBe(mira.id);

    // The tree holds both; the group list shows the group once, at its current branch.
    const tree = await ok<{ branches: { id: string }[] }>(
      'GET',
      `/character_msg/branches?conversationId=${id}`,
      alice,
    );
    expect(tree.branches.map((b) => b.id).sort()).toEqual([id, branch.conversation.id].sort());
    const groups = await ok<GroupList>('GET', `/character_msg/groups?characterId=${theo.id}`, alice);
    const mine = groups.groups.filter((g) => g.members.map((m) => m.id).join() === `${mira.id},${theo.id}`);
    expect(mine.map((g) => g.id)).toEqual([branch.conversation.id]);
    expect(mine[0]?.last).toMatchObject({ role: 'assistant', character_id: mira.id });

    // Restart: a fresh conversation of the same group, with the first one's greeting.
    const fresh = await ok<MessagePage>('GET', `/character_msg/clear?conversationId=${id}`, alice);
    expect(fresh.conversation.members).toEqual([mira.id, theo.id]);
    expect(fresh.messages.map((m) => [m.content, m.character_id])).toEqual([
      ['Mira waves from the lighthouse.', mira.id],
    ]);
  });

  it('lists only the caller’s groups, and those a character is in', async () => {
    await startGroup(alice, [june.id, theo.id]);
    const withJune = await ok<GroupList>('GET', `/character_msg/groups?characterId=${june.id}`, alice);
    expect(withJune.groups.length).toBeGreaterThan(0);
    expect(withJune.groups.every((g) => g.members.some((m) => m.id === june.id))).toBe(true);
    const all = await ok<GroupList>('GET', '/character_msg/groups', alice);
    expect(all.groups.length).toBeGreaterThanOrEqual(withJune.groups.length);
    expect((await ok<GroupList>('GET', '/character_msg/groups', bob)).groups).toEqual([]);
  });

  it('refuses what is not a group, someone else’s characters and conversations, and a stranger as speaker', async () => {
    const bad = async (who: Who, url: string, body: object, code: number) => {
      const res = await call('POST', url, who, body);
      expect(res.code, JSON.stringify(body)).toBe(code);
    };
    await bad(alice, '/character_msg/group', { characterIds: [mira.id] }, ErrorCode.INVALID_INPUT);
    await bad(alice, '/character_msg/group', { characterIds: [mira.id, mira.id] }, ErrorCode.INVALID_INPUT);
    await bad(
      alice,
      '/character_msg/group',
      { characterIds: [mira.id, theo.id, june.id, 99_999, 99_998] },
      ErrorCode.INVALID_INPUT,
    );
    // Alice's characters are private: Bob cannot put them in a group.
    await bad(bob, '/character_msg/group', { characterIds: [mira.id, theo.id] }, ErrorCode.NOT_FOUND);

    const group = await startGroup(alice, [mira.id, theo.id]);
    const id = group.conversation.id;
    await bad(
      alice,
      '/aigc/text',
      { conversationId: id, content: 'Hi', speakerId: june.id },
      ErrorCode.INVALID_INPUT,
    );
    await bad(bob, '/aigc/text', { conversationId: id, content: 'Hi' }, ErrorCode.NOT_FOUND);
    expect((await call('GET', `/character_msg/list?conversationId=${id}`, bob)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    // A speaker in a chat with one character, or a nudge without a conversation.
    const own = await ok<MessagePage>('GET', `/character_msg/list?characterId=${mira.id}`, alice);
    await bad(
      alice,
      '/aigc/text',
      { conversationId: own.conversation.id, speakerId: mira.id },
      ErrorCode.INVALID_INPUT,
    );
    await bad(alice, '/aigc/text', { speakerId: mira.id }, ErrorCode.INVALID_INPUT);
  });

  it('needs the adult setting for a group with an adult character', async () => {
    const carol = await loginTourist(t.app);
    await t.database.db.update(users).set({ enableNsfw: true }).where(eq(users.id, carol.uid));
    t.app.services.sessions.forgetUser(carol.uid);
    const adult = await makeCharacter(t, carol, { name: 'Velvet Noor', NSFW: '1' });
    const plain = await makeCharacter(t, carol, { name: 'Sunny Vale' });
    const group = await startGroup(carol, [plain.id, adult.id]);
    await t.database.db.update(users).set({ enableNsfw: false }).where(eq(users.id, carol.uid));
    t.app.services.sessions.forgetUser(carol.uid);
    const res = await call('POST', '/aigc/text', carol, {
      conversationId: group.conversation.id,
      content: 'Hi',
    });
    expect(res.code).toBe(ErrorCode.NSFW_REQUIRED);
    const open = await call('GET', `/character_msg/list?conversationId=${group.conversation.id}`, carol);
    expect(open.code).toBe(ErrorCode.NSFW_REQUIRED);
    const again = await call('POST', '/character_msg/group', carol, { characterIds: [plain.id, adult.id] });
    expect(again.code).toBe(ErrorCode.NSFW_REQUIRED);
  });

  it('charges one message per reply, exactly, under concurrent sends', async () => {
    const dave = await loginTourist(t.app);
    const a = await makeCharacter(t, dave, { name: 'Ana' });
    const b = await makeCharacter(t, dave, { name: 'Ben' });
    const group = await startGroup(dave, [a.id, b.id]);
    const start = await creditsLeft(t.app, dave.cookie);
    const sends = Math.floor(start / 2) + 4;
    const results = await Promise.all(
      Array.from({ length: sends }, (_, i) =>
        call('POST', '/aigc/text', dave, {
          conversationId: group.conversation.id,
          ...(i % 2 ? { content: `Line ${i}` } : { speakerId: b.id }),
        }),
      ),
    );
    const paid = results.filter((r) => r.code === 0).length;
    expect(paid).toBe(Math.floor(start / 2));
    expect(results.filter((r) => r.code === ErrorCode.NOT_ENOUGH_CREDITS)).toHaveLength(sends - paid);
    expect(await creditsLeft(t.app, dave.cookie)).toBe(start - paid * 2);
    const replies = (
      await call<MessagePage>(
        'GET',
        `/character_msg/list?conversationId=${group.conversation.id}&page_size=100`,
        dave,
      )
    ).data.messages.filter((m) => m.role === 'assistant');
    // The greeting and one reply per paid send, each by one of the two.
    expect(replies).toHaveLength(paid + 1);
    expect(replies.every((m) => m.character_id === a.id || m.character_id === b.id)).toBe(true);
  });
});
