import type { CharacterDetail, ChatMessageDto, MessagePage } from '@lumi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  postMultipart,
  systemRecordingEngine,
  useTestApp,
  useTourists,
  type Envelope,
} from '../../../test/helpers';
import { solidImage } from '../../../test/files';

/**
 * Issue 21, item 2: a card's lorebook reaches the prompt of each reply, and each reply (each
 * swipe) says which entries shaped it.
 */
describe('a lorebook in the chat', () => {
  /** The system prompt of every request the engine got. */
  const { engine, systems } = systemRecordingEngine((n) => `Reply ${n}.`);
  const t = useTestApp({ chatEngine: engine });
  const { who } = useTourists(t, 'who');
  let character: CharacterDetail;

  const book = {
    scan_depth: 2,
    entries: [
      {
        keys: ['Eldoria'],
        content: 'Eldoria is a river kingdom ruled by a council of healers.',
        extensions: {},
        enabled: true,
        insertion_order: 1,
        name: 'Eldoria',
      },
      {
        keys: ['vow'],
        secondary_keys: ['healer'],
        selective: true,
        content: "A healer's vow forbids taking a life.",
        extensions: {},
        enabled: true,
        insertion_order: 2,
        comment: "the healer's vow",
        position: 'after_char',
      },
    ],
    extensions: {},
  };

  beforeAll(async () => {
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Aelin',
        description: 'A young healer sworn to the river.',
        personality: '',
        first_mes: 'The ferry is waiting.',
        tags: [],
        extensions: {},
        character_book: book,
      },
    };
    const head = await solidImage(300, 400, '#6a8');
    const res = await postMultipart(t.app, '/cgi-bin/auth/character/create', who.cookie, {
      head: { filename: 'a.png', contentType: 'image/png', data: head },
      card: {
        filename: 'aelin.json',
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify(card)),
      },
      visibility: 'private',
    });
    const env = res.json<Envelope<CharacterDetail>>();
    expect(env.code, env.message).toBe(0);
    character = env.data;
  });

  const send = async (payload: Record<string, unknown>) => {
    const res = await callAs(t.app, 'POST', '/cgi-bin/auth/aigc/text', who.cookie, {
      characterId: character.id,
      ...payload,
    });
    const env = res.json<Envelope<{ message: ChatMessageDto }>>();
    expect(env.code, env.message).toBe(0);
    return { message: env.data.message, system: systems.at(-1) ?? '' };
  };

  it('puts the entries the last messages call up into the prompt, and names them on the reply', async () => {
    const plain = await send({ content: 'Good morning.' });
    expect(plain.message.lore).toEqual([]);
    expect(plain.system).not.toContain('river kingdom');

    const asked = await send({ content: 'Tell me about Eldoria and your vow as a healer.' });
    expect(asked.message.lore).toEqual(['Eldoria', "the healer's vow"]);
    expect(asked.system).toContain('Eldoria is a river kingdom');
    // after_char: after the character's definition.
    expect(asked.system.indexOf("A healer's vow")).toBeGreaterThan(asked.system.indexOf('About Aelin'));
  });

  it('keeps each swipe’s own entries, and the list gives the chosen one’s', async () => {
    const page = (
      await callAs(t.app, 'GET', `/cgi-bin/auth/character_msg/list?characterId=${character.id}`, who.cookie)
    ).json<Envelope<MessagePage>>().data;
    const last = page.messages.at(-1);
    expect(last?.lore).toEqual(['Eldoria', "the healer's vow"]);
    // A new swipe of the same question calls up the same entries.
    const again = await send({ regenerate: last?.id });
    expect(again.message.swipe_index).toBe(1);
    expect(again.message.lore).toEqual(['Eldoria', "the healer's vow"]);
    // Swiping back to the first reply gives its entries.
    const back = (
      await callAs(t.app, 'POST', '/cgi-bin/auth/character_msg/swipe', who.cookie, { id: last?.id, index: 0 })
    ).json<Envelope<ChatMessageDto>>().data;
    expect(back.lore).toEqual(['Eldoria', "the healer's vow"]);
    // The greeting has none.
    expect(page.messages[0]?.lore).toEqual([]);
  });
});
