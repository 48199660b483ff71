import zlib from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  CardError,
  decodeCardText,
  parseCardJson,
  readCardFile,
  readPngCard,
  replaceCardMacros,
  splitExamples,
  writePngCard,
  type ParsedCard,
} from './character-card';

/** A real 2x2 RGB PNG, built here: signature, IHDR, IDAT, IEND with proper CRCs. */
function makePng(extraChunks: { type: string; data: Buffer }[] = []): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(raw)),
      ...extraChunks.map((c) => chunk(c.type, c.data)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function chunksOf(png: Uint8Array) {
  const buf = Buffer.from(png);
  const out: { type: string; data: Buffer; crcOk: boolean }[] = [];
  let offset = 8;
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    const crc = buf.readUInt32BE(offset + 8 + length);
    out.push({ type, data, crcOk: zlib.crc32(buf.subarray(offset + 4, offset + 8 + length)) === crc });
    offset += 12 + length;
  }
  return out;
}

const textChunk = (keyword: string, json: unknown) => ({
  type: 'tEXt',
  data: Buffer.concat([
    Buffer.from(`${keyword}\0`, 'latin1'),
    Buffer.from(Buffer.from(JSON.stringify(json), 'utf8').toString('base64'), 'latin1'),
  ]),
});

const v2Card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  top_level_extra: { keep: true },
  data: {
    name: 'Mira Solène',
    description: '{{char}} runs a night café in Lyon — «bienvenue» 🌙',
    personality: 'warm, wry',
    scenario: 'Rain at closing time.',
    first_mes: 'Hello {{user}}, last order?',
    mes_example: '<START>\n{{user}}: hi\n{{char}}: hey\n<START>\n<USER>: coffee?\n<BOT>: always',
    creator_notes: 'not for the prompt',
    system_prompt: 'You are {{char}}. {{original}}',
    post_history_instructions: 'Stay in character.',
    alternate_greetings: ['Back again?', 'Sit anywhere.'],
    character_book: {
      name: 'Lyon',
      scan_depth: 4,
      extensions: { custom: 1 },
      entries: [
        {
          keys: ['café'],
          content: 'The café is on Rue Mercière.',
          extensions: {},
          enabled: true,
          insertion_order: 0,
          secondary_keys: ['rue'],
          selective: true,
        },
      ],
    },
    tags: ['Romantic', 'Original Character'],
    creator: 'someone',
    character_version: '1.2',
    extensions: { depth_prompt: { prompt: 'x', depth: 4 }, talkativeness: '0.5' },
    unknown_future_field: [1, 2, 3],
  },
};

describe('character cards', () => {
  it('reads a V2 card from JSON keeping unknown keys, extensions and the book', () => {
    const card = readCardFile(new TextEncoder().encode(JSON.stringify(v2Card)));
    expect(card.spec).toBe('v2');
    expect(card.data.name).toBe('Mira Solène');
    expect(card.data.alternate_greetings).toEqual(['Back again?', 'Sit anywhere.']);
    expect(card.data.unknown_future_field).toEqual([1, 2, 3]);
    expect(card.data.extensions).toEqual(v2Card.data.extensions);
    expect(card.data.character_book?.entries[0]).toMatchObject({ keys: ['café'], secondary_keys: ['rue'] });
    expect(card.extra).toEqual({ top_level_extra: { keep: true } });
  });

  it('reads a V1 card', () => {
    const card = readCardFile(
      new TextEncoder().encode(
        JSON.stringify({
          name: 'Old',
          description: 'd',
          first_mes: 'hi',
          mes_example: '',
          personality: 'p',
          scenario: 's',
        }),
      ),
    );
    expect(card.spec).toBe('v1');
    expect(card.data).toMatchObject({
      name: 'Old',
      description: 'd',
      first_mes: 'hi',
      alternate_greetings: [],
    });
  });

  it('prefers ccv3 over chara in a PNG', () => {
    const v3 = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: { ...v2Card.data, name: 'Mira V3', nickname: 'Mimi', group_only_greetings: ['all of you'] },
    };
    const png = makePng([textChunk('chara', v2Card), textChunk('ccv3', v3)]);
    const card = readPngCard(png);
    expect(card.spec).toBe('v3');
    expect(card.data.name).toBe('Mira V3');
    expect(card.data.nickname).toBe('Mimi');
    expect(readPngCard(makePng([textChunk('chara', v2Card)])).data.name).toBe('Mira Solène');
  });

  it('round-trips through a PNG: both chunks written, old ones replaced, image intact', () => {
    const original = makePng([textChunk('chara', { spec: 'chara_card_v2', data: { name: 'Stale' } })]);
    const card = readCardFile(new TextEncoder().encode(JSON.stringify(v2Card)));
    const written = writePngCard(original, card);
    const chunks = chunksOf(written);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'tEXt', 'tEXt', 'IEND']);
    const keywords = chunks
      .filter((c) => c.type === 'tEXt')
      .map((c) => c.data.toString('latin1').split('\0')[0]);
    expect(keywords).toEqual(['chara', 'ccv3']);
    // The pixels are untouched.
    expect(chunksOf(written)[1]?.data.equals(chunksOf(original)[1]!.data)).toBe(true);

    const charaText = chunks[2]!.data.toString('latin1').split('\0')[1]!;
    const v2 = decodeCardText(charaText) as {
      spec: string;
      data: Record<string, unknown>;
      top_level_extra: unknown;
    };
    expect(v2.spec).toBe('chara_card_v2');
    expect(v2.top_level_extra).toEqual({ keep: true });
    expect(v2.data).toEqual({ ...card.data });

    const back: ParsedCard = readPngCard(written);
    expect(back.spec).toBe('v3');
    expect(back.data.name).toBe(card.data.name);
    expect(back.data.description).toBe(v2Card.data.description);
    expect(back.data.character_book).toEqual(card.data.character_book);
    expect(back.data.unknown_future_field).toEqual([1, 2, 3]);
    expect(back.data.group_only_greetings).toEqual([]);
  });

  it('refuses what is not a card, with a clear error', () => {
    expect(() => readCardFile(new TextEncoder().encode('not json'))).toThrow(CardError);
    expect(() => readCardFile(new TextEncoder().encode('{"hello":1}'))).toThrow(CardError);
    expect(() => readCardFile(makePng())).toThrow('no character card');
    expect(() => readCardFile(makePng().subarray(0, 40))).toThrow(CardError);
    expect(() =>
      readCardFile(makePng([{ type: 'tEXt', data: Buffer.from('chara\0!!!notbase64', 'latin1') }])),
    ).toThrow(CardError);
  });

  it('needs a name and something to play from, and nothing else (issue 21)', () => {
    const data = { name: 'Quiet', description: '', personality: '', first_mes: '' };
    const card = (over: Record<string, string>) => ({ spec: 'chara_card_v2', data: { ...data, ...over } });
    expect(() => parseCardJson(card({}))).toThrow('no description, personality or first message');
    expect(() => parseCardJson(card({ name: ' ', description: 'x' }))).toThrow('no name');
    for (const field of ['description', 'personality', 'first_mes'])
      expect(parseCardJson(card({ [field]: 'Something.' })).data[field]).toBe('Something.');
    // The name only at the top level, beside the V2 data, as some writers leave it.
    expect(parseCardJson({ name: 'Top', ...card({ name: '', personality: 'calm' }) }).data.name).toBe('Top');
    // Numbers where strings belong are read as text.
    expect(
      parseCardJson(card({ description: 'x', character_version: 2 as never })).data.character_version,
    ).toBe('2');
  });

  it('reads the Pygmalion / text-generation-webui names as V1', () => {
    const card = parseCardJson({
      char_name: 'Sable',
      char_persona: 'Blunt courier.',
      char_greeting: 'Sign here.',
      world_scenario: 'Rain.',
      example_dialogue: '{{char}}: No.',
      metadata: { version: 1 },
    });
    expect(card.spec).toBe('v1');
    expect(card.data).toMatchObject({
      name: 'Sable',
      personality: 'Blunt courier.',
      first_mes: 'Sign here.',
      scenario: 'Rain.',
      mes_example: '{{char}}: No.',
    });
    expect(card.extra.metadata).toEqual({ version: 1 });
  });

  it('reads the other chunk when one is damaged, and refuses only when none can be read', () => {
    const good = textChunk('chara', v2Card);
    const broken = { type: 'tEXt', data: Buffer.from('ccv3\0@@@ not base64 @@@', 'latin1') };
    expect(readPngCard(makePng([broken, good])).data.name).toBe(v2Card.data.name);
    expect(() => readPngCard(makePng([broken]))).toThrow('damaged');
    // A chunk that reads but is not a card gives its own reason.
    expect(() =>
      readPngCard(makePng([textChunk('chara', { spec: 'chara_card_v2', data: { name: 'N' } })])),
    ).toThrow('no description');
  });

  it('reads a CHARX zip: its card.json and its main icon', () => {
    const icon = makePng();
    const v3 = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        ...v2Card.data,
        assets: [
          { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
          { type: 'background', uri: 'https://example.org/bg.png', name: 'bg', ext: 'png' },
        ],
      },
    };
    const zip = zipSync({
      'card.json': strToU8(JSON.stringify(v3)),
      'assets/icon/images/main.png': icon,
    });
    const card = readCardFile(zip);
    expect(card.spec).toBe('v3');
    expect(card.data.name).toBe(v2Card.data.name);
    expect(card.data.assets).toEqual(v3.data.assets);
    expect(card.image && Buffer.from(card.image).equals(Buffer.from(icon))).toBe(true);
    expect(() => readCardFile(zipSync({ 'x.txt': strToU8('x') }))).toThrow('no card.json');
    expect(() => readCardFile(zip.subarray(0, 60))).toThrow(CardError);
  });

  it('replaces macros case-insensitively and splits examples on <START>', () => {
    expect(replaceCardMacros('{{Char}} meets {{USER}}; <bot> & <User>', { char: 'Mira', user: 'Alex' })).toBe(
      'Mira meets Alex; Mira & Alex',
    );
    expect(splitExamples(v2Card.data.mes_example)).toEqual([
      '{{user}}: hi\n{{char}}: hey',
      '<USER>: coffee?\n<BOT>: always',
    ]);
  });
});
