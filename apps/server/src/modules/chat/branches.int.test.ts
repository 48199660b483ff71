import { ErrorCode, type BranchList, type ChatMessageDto, type MessagePage } from '@lumi/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  envelopeCaller,
  recordingDemoEngine,
  useCharacter,
  useTestApp,
  useTourists,
} from '../../../test/helpers';

type Who = { cookie: string; uid: string };

describe('branches', () => {
  /** The prompt of every reply the engine was asked for. */
  const { engine, prompts } = recordingDemoEngine();
  const t = useTestApp({ chatEngine: engine });
  const { alice, bob } = useTourists(t, 'alice', 'bob');
  const mira = useCharacter(t, alice);
  const call = envelopeCaller(t);
  const ok = async <T>(method: 'GET' | 'POST', url: string, who: Who, payload?: object) => {
    const res = await call<T>(method, url, who, payload);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const send = (conversationId: string, content: string) =>
    ok<{ message: ChatMessageDto }>('POST', '/aigc/text', alice, { conversationId, content });
  const page = (conversationId: string) =>
    ok<MessagePage>('GET', `/character_msg/list?conversationId=${conversationId}&page_size=100`, alice);
  /** "Branch from here" at message `id` of the conversation. */
  const branchAt = (conversationId: string, id: number | undefined) =>
    ok<MessagePage>('POST', '/character_msg/branch', alice, { conversationId, id });
  const texts = async (conversationId: string) => (await page(conversationId)).messages.map((m) => m.content);
  const rowsOf = async (conversationId: string) => {
    const result: unknown = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = ${conversationId}`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  };

  /** A chat with the greeting and three exchanges: 7 messages. */
  async function mainChat() {
    const open = await ok<MessagePage>('GET', `/character_msg/clear?characterId=${mira.id}`, alice);
    const id = open.conversation.id;
    for (const q of ['First question.', 'Second question.', 'Third question.']) await send(id, q);
    const { messages } = await page(id);
    expect(messages).toHaveLength(7);
    return { id, messages };
  }

  it('branches from a message: the history up to it is shared, not copied, and each goes its own way', async () => {
    const main = await mainChat();
    const at = main.messages[3]; // the second question
    if (!at) throw new Error('no message');
    const branch = await branchAt(main.id, at.id);
    expect(branch.conversation.parent_id).toBe(main.id);
    expect(branch.messages.map((m) => m.id)).toEqual(main.messages.slice(0, 4).map((m) => m.id));
    expect(branch.messages.every((m) => m.shared)).toBe(true);
    expect(await rowsOf(branch.conversation.id)).toBe(0);

    // The branch is the character's current chat now.
    const current = await ok<MessagePage>('GET', `/character_msg/list?characterId=${mira.id}`, alice);
    expect(current.conversation.id).toBe(branch.conversation.id);

    // A reply in the branch answers from the shared history plus the branch's own question.
    const reply = await send(branch.conversation.id, 'A different turn.');
    const prompt = (prompts.at(-1) ?? []).map((m) => m.content);
    expect(prompt.slice(-2)).toEqual(['Second question.', 'A different turn.']);
    expect(prompt.join('\n')).not.toContain('Third question.');
    expect((await texts(branch.conversation.id)).slice(-2)).toEqual([
      'A different turn.',
      reply.message.content,
    ]);
    expect(await rowsOf(branch.conversation.id)).toBe(2);
    // The main chat has not moved.
    expect(await texts(main.id)).toEqual(main.messages.map((m) => m.content));
  });

  it('lists the tree and switches with one call', async () => {
    const main = await mainChat();
    const a = await branchAt(main.id, main.messages[2]?.id);
    await send(a.conversation.id, 'Branch A goes north.');
    const b = await branchAt(main.id, main.messages[3]?.id);
    const tree = await ok<BranchList>('GET', `/character_msg/branches?characterId=${mira.id}`, alice);
    expect(tree.current).toBe(b.conversation.id);
    const byId = new Map(tree.branches.map((x) => [x.id, x]));
    expect(byId.get(main.id)).toMatchObject({ parent_id: null, message_count: 7 });
    expect(byId.get(a.conversation.id)).toMatchObject({ parent_id: main.id, message_count: 5 });
    expect(byId.get(a.conversation.id)?.last?.role).toBe('assistant');
    expect(byId.get(b.conversation.id)).toMatchObject({
      parent_id: main.id,
      message_count: 4,
      last: { role: 'user', content: 'Second question.' },
    });
    // The same tree when asked by conversation.
    const again = await ok<BranchList>(
      'GET',
      `/character_msg/branches?conversationId=${a.conversation.id}`,
      alice,
    );
    expect(again.branches.map((x) => x.id)).toEqual(tree.branches.map((x) => x.id));

    const switched = await ok<MessagePage>('POST', '/character_msg/switch', alice, {
      conversationId: a.conversation.id,
    });
    expect(switched.messages.at(-2)?.content).toBe('Branch A goes north.');
    const opened = await ok<MessagePage>('GET', `/character_msg/list?characterId=${mira.id}`, alice);
    expect(opened.conversation.id).toBe(a.conversation.id);
    const after = await ok<BranchList>('GET', `/character_msg/branches?characterId=${mira.id}`, alice);
    expect(after.current).toBe(a.conversation.id);
  });

  it('changes a shared message in the branch alone, copying only from it to the fork point', async () => {
    const main = await mainChat();
    const branch = (await branchAt(main.id, main.messages[5]?.id)).conversation.id;
    await send(branch, 'Branch question.');
    const target = main.messages[3];
    if (!target) throw new Error('no message');
    const edited = await ok<ChatMessageDto>('POST', '/character_msg/edit', alice, {
      id: target.id,
      conversationId: branch,
      content: 'Second question, as the branch has it.',
    });
    expect(edited.id).not.toBe(target.id);
    expect(edited.shared).toBe(false);
    const seen = await page(branch);
    expect(seen.messages.map((m) => m.content)).toEqual([
      ...main.messages.slice(0, 3).map((m) => m.content),
      'Second question, as the branch has it.',
      ...main.messages.slice(4, 6).map((m) => m.content),
      'Branch question.',
      seen.messages.at(-1)?.content,
    ]);
    expect(seen.messages.map((m) => m.shared)).toEqual([true, true, true, false, false, false, false, false]);
    // Copies from the edited message to the fork point (3), and the branch's own two.
    expect(await rowsOf(branch)).toBe(5);
    expect(await texts(main.id)).toEqual(main.messages.map((m) => m.content));

    // A swipe and a delete of shared messages, too.
    const greeting = seen.messages[0];
    if (!greeting) throw new Error('no greeting');
    await ok('POST', '/character_msg/delete', alice, { id: greeting.id, conversationId: branch });
    expect((await texts(branch))[0]).toBe(main.messages[1]?.content);
    expect((await texts(main.id))[0]).toBe(main.messages[0]?.content);
  });

  it('keeps a branch as it was when the conversation it came from changes the shared part', async () => {
    const main = await mainChat();
    const fork = main.messages[4];
    if (!fork) throw new Error('no message');
    const branch = (await branchAt(main.id, fork.id)).conversation.id;
    const before = await texts(branch);
    // Regenerating the reply in the main chat adds a swipe there; the branch keeps its reply.
    const again = await ok<{ message: ChatMessageDto }>('POST', '/aigc/text', alice, {
      regenerate: fork.id,
      conversationId: main.id,
    });
    expect(again.message.swipes).toHaveLength(2);
    await ok('POST', '/character_msg/edit', alice, {
      id: main.messages[1]?.id,
      content: 'Rewritten in main.',
    });
    expect(await texts(branch)).toEqual(before);
    const mainNow = await texts(main.id);
    expect(mainNow[1]).toBe('Rewritten in main.');
    expect(mainNow[4]).toBe(again.message.content);
  });

  it('copies once when the branch and its original change the shared part at the same time', async () => {
    const main = await mainChat();
    const branch = (await branchAt(main.id, main.messages[5]?.id)).conversation.id;
    const target = main.messages[1];
    if (!target) throw new Error('no message');
    await Promise.all([
      ok('POST', '/character_msg/edit', alice, {
        id: target.id,
        conversationId: branch,
        content: 'In the branch.',
      }),
      ok('POST', '/character_msg/edit', alice, {
        id: target.id,
        conversationId: main.id,
        content: 'In main.',
      }),
      ok('POST', '/character_msg/edit', alice, { id: main.messages[3]?.id, content: 'Main again.' }),
    ]);
    const seen = await texts(branch);
    expect(seen).toHaveLength(6);
    expect(seen[1]).toBe('In the branch.');
    expect(seen[3]).toBe(main.messages[3]?.content);
    const result: unknown = await t.database.db.execute(
      sql`SELECT count(*)::int AS n, count(DISTINCT seq)::int AS places FROM chat_messages WHERE conversation_id = ${branch}`,
    );
    const [counts] = (result as { rows: { n: number; places: number }[] }).rows;
    expect(counts?.n).toBe(5);
    expect(counts?.places).toBe(5);
    const inMain = await texts(main.id);
    expect([inMain[1], inMain[3]]).toEqual(['In main.', 'Main again.']);
  });

  it('regenerates the fork point in the branch without touching the original', async () => {
    const main = await mainChat();
    const fork = main.messages[6];
    if (!fork) throw new Error('no message');
    const branch = (await branchAt(main.id, fork.id)).conversation.id;
    const again = await ok<{ message: ChatMessageDto }>('POST', '/aigc/text', alice, {
      regenerate: fork.id,
      conversationId: branch,
    });
    expect(again.message.id).not.toBe(fork.id);
    expect(again.message.swipes).toEqual([fork.content, again.message.content]);
    expect((await texts(branch)).at(-1)).toBe(again.message.content);
    expect((await page(main.id)).messages.at(-1)?.swipes).toEqual([fork.content]);
  });

  it('branches from a branch: from the conversation that holds the message', async () => {
    const main = await mainChat();
    const first = (await branchAt(main.id, main.messages[4]?.id)).conversation.id;
    await send(first, 'Deeper question.');
    const own = (await page(first)).messages.at(-1);
    if (!own) throw new Error('no reply');
    // From the branch's own reply: a branch of the branch.
    const deeper = await branchAt(first, own.id);
    expect(deeper.conversation.parent_id).toBe(first);
    expect(deeper.messages).toHaveLength(7);
    await send(deeper.conversation.id, 'Deepest.');
    expect((await texts(deeper.conversation.id)).slice(4, 8)).toEqual([
      main.messages[4]?.content,
      'Deeper question.',
      own.content,
      'Deepest.',
    ]);
    // From a message the branch shares with main: a sibling, branched from main.
    const sibling = await branchAt(first, main.messages[2]?.id);
    expect(sibling.conversation.parent_id).toBe(main.id);
    expect(sibling.messages).toHaveLength(3);
    // Editing the first branch's own reply leaves the branch made from it as it was.
    await ok('POST', '/character_msg/edit', alice, {
      id: own.id,
      conversationId: first,
      content: 'Changed.',
    });
    expect((await texts(deeper.conversation.id))[6]).toBe(own.content);
    expect((await texts(first))[6]).toBe('Changed.');
  });

  it('carries the memory only when it covers nothing after the fork', async () => {
    const main = await mainChat();
    await ok('POST', '/character_msg/memory', alice, {
      conversationId: main.id,
      memory: 'Sam came by boat.',
    });
    const late = await branchAt(main.id, main.messages[6]?.id);
    expect(late.conversation.memory).toBe('Sam came by boat.');
    await t.database.db.execute(
      sql`UPDATE conversations SET memory_upto = ${main.messages[5]?.id ?? 0} WHERE id = ${main.id}`,
    );
    const early = await branchAt(main.id, main.messages[2]?.id);
    expect(early.conversation.memory).toBe('');
  });

  it("keeps branches to their owner: nobody branches, lists, switches or changes another's", async () => {
    const main = await mainChat();
    const msg = main.messages[1];
    if (!msg) throw new Error('no message');
    const branch = (await branchAt(main.id, msg.id)).conversation.id;
    const refused = [
      await call('POST', '/character_msg/branch', bob, { conversationId: main.id, id: msg.id }),
      await call('POST', '/character_msg/switch', bob, { conversationId: branch }),
      await call('GET', `/character_msg/branches?conversationId=${branch}`, bob),
      await call('POST', '/character_msg/edit', bob, { id: msg.id, conversationId: branch, content: 'x' }),
      await call('POST', '/character_msg/swipe', bob, { id: msg.id, conversationId: branch, index: 0 }),
      await call('POST', '/character_msg/delete', bob, { id: msg.id, conversationId: branch }),
      // A message that is not in the conversation named.
      await call('POST', '/character_msg/branch', alice, {
        conversationId: (await mainChat()).id,
        id: msg.id,
      }),
    ];
    expect(refused.map((r) => r.code)).toEqual(refused.map(() => ErrorCode.NOT_FOUND));
    // Bob's own tree with this character is empty.
    const tree = await ok<BranchList>('GET', `/character_msg/branches?characterId=${mira.id}`, bob);
    expect(tree).toEqual({ current: null, branches: [] });
    // Nothing changed for Alice.
    expect((await texts(branch))[1]).toBe(msg.content);
  });
});
