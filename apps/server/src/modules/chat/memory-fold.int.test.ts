import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_LIMITS, type ChatMessageDto, type MessagePage } from '@lumi/contract';
import { countTokens, PROFILE_SETTINGS } from '@lumi/engines';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  makeCharacter,
  recordingDemoEngine,
  useTestApp,
  useTourists,
  type Envelope,
  type TestApp,
} from '../../../test/helpers';
import { MESSAGE_TOKENS } from './prompt';

type Who = { cookie: string; uid: string };

const PLAIN = [
  'we walked along the shore and talked about the weather for a while',
  'the kettle whistled and she poured two cups without asking',
  'i said that the wind was colder than it had been the day before',
  'she laughed and pulled her coat tighter around her shoulders',
  'we watched the waves break on the rocks below the old tower',
  'the gulls circled low over the water, calling to each other',
];

/**
 * Fills a conversation with `count` messages after its greeting, straight into the table (as
 * many sends would): turn 1 tells how it began, turn `factAt` a fact of the middle; the rest is
 * plain talk.
 */
async function fill(t: TestApp, conversationId: string, count: number, factAt: number) {
  const texts = Array.from({ length: count }, (_, i) =>
    i === 0
      ? 'My sister Zara keeps the lighthouse key in a blue tin under the stairs.'
      : i === factAt
        ? 'The harbour master, Okonkwo, owes us 40 silver coins since the winter storm.'
        : `${PLAIN[i % PLAIN.length]}, and ${'then we went on talking about it '.repeat(1 + (i % 4))}until late.`,
  );
  await t.database.db.execute(sql`INSERT INTO chat_messages (conversation_id, role, swipes)
    SELECT ${conversationId}, CASE WHEN n % 2 = 1 THEN 'user' ELSE 'assistant' END, jsonb_build_array(t)
    FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS x(t, n) ORDER BY n`);
}

/** A new character's chat, filled with `count` messages (`fill`). */
async function longChat(t: TestApp, who: Who, count: number, factAt: number) {
  const mira = await makeCharacter(t, who, { model: 'nela-8b' });
  const open = await callAs(
    t.app,
    'GET',
    `/cgi-bin/auth/character_msg/list?characterId=${mira.id}`,
    who.cookie,
  );
  const conversationId = open.json<Envelope<MessagePage>>().data.conversation.id;
  await fill(t, conversationId, count, factAt);
  return conversationId;
}

async function conversationRow(t: TestApp, id: string) {
  const result: unknown = await t.database.db.execute(
    sql`SELECT memory, memory_upto::int AS memory_upto, memory_auto FROM conversations WHERE id = ${id}`,
  );
  return (result as { rows: { memory: string; memory_upto: number; memory_auto: boolean }[] }).rows[0];
}

async function seqOf(t: TestApp, conversationId: string, text: string) {
  const result: unknown = await t.database.db.execute(
    sql`SELECT seq::int AS seq FROM chat_messages WHERE conversation_id = ${conversationId} AND swipes ->> 0 = ${text}`,
  );
  return Number((result as { rows: { seq: number }[] }).rows[0]?.seq);
}

describe('the rolling memory', () => {
  describe('on the offline engine', () => {
    const { engine, prompts } = recordingDemoEngine();
    const t = useTestApp({ chatEngine: engine });
    const { who } = useTourists(t, 'who');

    it('a 500-message chat stays within the context and its memory still knows how it began', async () => {
      const conversationId = await longChat(t, who, 494, 201);
      const setting = PROFILE_SETTINGS['nela-8b'];
      for (let i = 0; i < 3; i++) {
        const res = await callAs(t.app, 'POST', '/cgi-bin/auth/aigc/text', who.cookie, {
          conversationId,
          content: `Question ${i + 1}: what do you remember?`,
        });
        expect(res.json<Envelope<{ message: ChatMessageDto }>>().code).toBe(0);
        await t.app.services.chat.idle();
        const prompt = prompts.at(-1) ?? [];
        const tokens = prompt.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_TOKENS, 0);
        expect(tokens).toBeLessThanOrEqual(setting.contextTokens - setting.maxTokens);
      }
      const row = await conversationRow(t, conversationId);
      expect(row?.memory_auto).toBe(true);
      expect(row?.memory.length).toBeLessThanOrEqual(CHAT_LIMITS.memory);
      expect(row?.memory).toContain('Zara keeps the lighthouse key');
      expect(row?.memory).toContain('Okonkwo, owes us 40 silver coins');
      // Everything that fell out of the context so far is folded in: three replies folded the
      // first 200 and more.
      expect(row?.memory_upto).toBeGreaterThan(
        await seqOf(
          t,
          conversationId,
          'The harbour master, Okonkwo, owes us 40 silver coins since the winter storm.',
        ),
      );
      // The next reply's prompt carries it.
      await callAs(t.app, 'POST', '/cgi-bin/auth/aigc/text', who.cookie, {
        conversationId,
        content: 'And Zara?',
      });
      const system = prompts.at(-1)?.[0]?.content ?? '';
      expect(system).toContain('What happened earlier in this chat:');
      expect(system).toContain('Zara keeps the lighthouse key');
      // 500 messages, none lost.
      const list = await callAs(
        t.app,
        'GET',
        `/cgi-bin/auth/character_msg/list?conversationId=${conversationId}&page_size=1`,
        who.cookie,
      );
      expect(list.json<Envelope<MessagePage>>().data.has_more).toBe(true);
      const result: unknown = await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = ${conversationId}`,
      );
      expect((result as { rows: { n: number }[] }).rows[0]?.n).toBe(503);
    });
  });

  describe('on an OpenAI-compatible backend', () => {
    let server: http.Server;
    let port = 0;
    const summaries: { memory: string; messages: string }[] = [];
    /** Held summaries wait for this to be called. */
    let hold: Promise<void> | undefined;

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
          const isSummary = body.messages[0]?.content.startsWith('You keep the memory') ?? false;
          const answer = async () => {
            let text = 'Aye, I remember.';
            if (isSummary) {
              const asked = body.messages[1]?.content ?? '';
              summaries.push({ memory: asked.split('\n\nNew messages:\n')[0] ?? '', messages: asked });
              await hold;
              text = `- Zara keeps the lighthouse key (summary ${summaries.length}).`;
            }
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`);
            res.write(
              `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
            );
            res.end('data: [DONE]\n\n');
          };
          void answer();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => server.close());
    const t = useTestApp(() => ({ env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'base' } }));
    const { who } = useTourists(t, 'who');

    const send = (conversationId: string, content: string) =>
      callAs(t.app, 'POST', '/cgi-bin/auth/aigc/text', who.cookie, { conversationId, content });

    it('folds what fell out into the memory with the model, marked automatic, and uses it next', async () => {
      const conversationId = await longChat(t, who, 300, 150);
      await send(conversationId, 'Do you remember?');
      await t.app.services.chat.idle();
      expect(summaries).toHaveLength(1);
      expect(summaries[0]?.memory).toBe('Memory so far:\n(empty)');
      expect(summaries[0]?.messages).toContain('My sister Zara keeps the lighthouse key');
      const row = await conversationRow(t, conversationId);
      expect(row).toMatchObject({
        memory: '- Zara keeps the lighthouse key (summary 1).',
        memory_auto: true,
      });
      const page = await callAs(
        t.app,
        'GET',
        `/cgi-bin/auth/character_msg/list?conversationId=${conversationId}`,
        who.cookie,
      );
      expect(page.json<Envelope<MessagePage>>().data.conversation).toMatchObject({ memory_auto: true });

      // The next fold starts from it, with only turns not folded yet.
      await send(conversationId, 'And now?');
      await t.app.services.chat.idle();
      expect(summaries[1]?.memory).toBe('Memory so far:\n- Zara keeps the lighthouse key (summary 1).');
      expect(summaries[1]?.messages).not.toContain('My sister Zara');

      // Edited by the user, it is theirs until the engine folds again.
      const edited = await callAs(t.app, 'POST', '/cgi-bin/auth/character_msg/memory', who.cookie, {
        conversationId,
        memory: 'Sam owes Mira a lantern.',
      });
      expect(edited.json<Envelope<{ memory_auto: boolean }>>().data.memory_auto).toBe(false);
    });

    it("never writes over the user's edit made while a fold was under way", async () => {
      const conversationId = await longChat(t, who, 300, 150);
      let release: () => void = () => undefined;
      hold = new Promise((r) => (release = r));
      const before = summaries.length;
      await send(conversationId, 'Hello again.');
      // The reply is back; the fold waits on the model.
      await expect.poll(() => summaries.length).toBe(before + 1);
      await callAs(t.app, 'POST', '/cgi-bin/auth/character_msg/memory', who.cookie, {
        conversationId,
        memory: 'Written by me while it was folding.',
      });
      release();
      hold = undefined;
      await t.app.services.chat.idle();
      expect(await conversationRow(t, conversationId)).toMatchObject({
        memory: 'Written by me while it was folding.',
        memory_auto: false,
        memory_upto: 0,
      });
    });
  });
});
