import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { encodeCardText, writePngCard } from '@lumi/contract';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';

/**
 * The card shapes real tools write, one per quirk (issue 21): the JSON ones are files in this
 * folder, written by hand; the binary ones (PNG, CHARX, a 5 MB picture, damaged chunks) are built
 * here from them, so that the repository holds no opaque blobs.
 */
const dir = import.meta.dirname;
export const cardJson = (name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;

export interface CorpusCard {
  /** What it shows. */
  quirk: string;
  file: Buffer;
  filename: string;
  /** The card JSON it was written from, for the round trip (absent when it must be refused). */
  source?: Record<string, unknown>;
  /** The card brings its own picture (a PNG card, a CHARX icon): no avatar upload needed. */
  hasPicture: boolean;
}

/** A small real picture, the avatar of the PNG cards. */
export const picture = (width = 300, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 60, b: 140 } } })
    .png()
    .toBuffer();

/** A picture of noise that PNG cannot compress, about `megabytes` large. */
async function noisePicture(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3));
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 0x2f6b3a1d;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A tEXt chunk written by hand, to put damaged or disagreeing chunks into a PNG. */
function withTextChunks(png: Buffer, chunks: { keyword: string; text: string }[]): Buffer {
  const iend = png.length - 12;
  const parts = chunks.map(({ keyword, text }) => {
    const body = Buffer.concat([Buffer.from(`tEXt${keyword}\0`, 'latin1'), Buffer.from(text, 'latin1')]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length - 4);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  });
  return Buffer.concat([png.subarray(0, iend), ...parts, png.subarray(iend)]);
}

const pngOf = async (card: Record<string, unknown>, base?: Buffer) =>
  Buffer.from(
    writePngCard(await (base ?? picture()), {
      spec: card.spec === 'chara_card_v3' ? 'v3' : 'v2',
      data: card.data as never,
      extra: {},
    }),
  );

/** A V2 card with a 200-entry lorebook, every entry with its own keys and settings. */
export function lorebookCard(): Record<string, unknown> {
  const base = cardJson('v1-flat.json');
  const entries = Array.from({ length: 200 }, (_, i) => ({
    id: i,
    keys: [`place-${i}`, `Place ${i}`],
    secondary_keys: i % 5 === 0 ? [`secret-${i}`] : [],
    selective: i % 5 === 0,
    content: `Place ${i} is a district of the steam university where lecture ${i} is held.`,
    extensions: { position: i % 2, depth: 4, probability: 100 },
    enabled: i % 17 !== 0,
    insertion_order: 200 - i,
    case_sensitive: i % 3 === 0,
    constant: i === 7,
    position: i % 2 === 0 ? 'before_char' : 'after_char',
    name: `Place ${i}`,
    priority: i % 10,
    comment: `entry ${i}`,
  }));
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      ...base,
      alternate_greetings: [],
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      tags: ['Steampunk'],
      creator: 'corpus',
      character_version: '1.0',
      extensions: {},
      character_book: {
        name: 'The Steam University',
        description: 'Districts and lectures.',
        scan_depth: 6,
        token_budget: 1024,
        recursive_scanning: false,
        extensions: {},
        entries,
      },
    },
  };
}

/** Every card of the corpus: those that import, then those refused with a clear 100001. */
export async function cardCorpus(): Promise<{ imports: CorpusCard[]; refused: CorpusCard[] }> {
  const json = (quirk: string, name: string): CorpusCard => {
    const source = cardJson(name);
    return { quirk, file: Buffer.from(JSON.stringify(source)), filename: name, source, hasPicture: false };
  };
  const v3 = cardJson('v3-assets.json');
  const v3Data = v3.data as Record<string, unknown>;
  const charxCard = {
    ...v3,
    data: {
      ...v3Data,
      assets: [
        { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
        ...(v3Data.assets as unknown[]).slice(1),
      ],
    },
  };
  const charx = Buffer.from(
    zipSync({
      'card.json': strToU8(JSON.stringify(charxCard)),
      'assets/icon/images/main.png': new Uint8Array(await picture(360, 480)),
      'assets/emotion/images/smile.png': new Uint8Array(await picture(64, 64)),
    }),
  );
  const lorebook = lorebookCard();
  const nonLatin = cardJson('non-latin.json');
  const emptyFields = cardJson('sillytavern-empty-fields.json');
  const other = { ...cardJson('unknown-fields.json'), spec: 'chara_card_v2' };
  const good = encodeCardText(nonLatin);

  return {
    imports: [
      json(
        'SillyTavern export: empty personality, scenario and examples, V1 copy and ST keys',
        'sillytavern-empty-fields.json',
      ),
      json('V1: flat JSON', 'v1-flat.json'),
      json('Pygmalion / text-generation-webui names (char_name, char_persona...)', 'pygmalion.json'),
      json('V3 with assets, group-only greetings, multilingual notes, nickname and source', 'v3-assets.json'),
      json('non-Latin name, tags and greetings', 'non-latin.json'),
      json('unknown keys in data, extensions and at the top level', 'unknown-fields.json'),
      {
        quirk: 'CHARX: the V3 zip with card.json and its icon',
        file: charx,
        filename: 'ilse.charx',
        source: charxCard,
        hasPicture: true,
      },
      {
        quirk: 'a 200-entry lorebook, in a PNG',
        file: await pngOf(lorebook),
        filename: 'lorebook.png',
        source: lorebook,
        hasPicture: true,
      },
      {
        quirk: 'a 5 MB PNG',
        file: await pngOf(emptyFields, await noisePicture(5.2)),
        filename: 'big.png',
        source: { spec: 'chara_card_v2', data: emptyFields.data },
        hasPicture: true,
      },
      {
        quirk: 'a damaged ccv3 chunk beside a good chara chunk: the good one is read',
        file: withTextChunks(await picture(), [
          { keyword: 'ccv3', text: '@@@ this is not base64 @@@' },
          { keyword: 'chara', text: good },
        ]),
        filename: 'half-broken.png',
        source: nonLatin,
        hasPicture: true,
      },
      {
        quirk: 'both chunks, disagreeing: ccv3 wins',
        file: withTextChunks(await picture(), [
          { keyword: 'chara', text: encodeCardText(other) },
          { keyword: 'ccv3', text: encodeCardText({ ...v3, spec: 'chara_card_v3' }) },
        ]),
        filename: 'disagree.png',
        source: v3,
        hasPicture: true,
      },
    ],
    refused: [
      {
        quirk: 'broken base64 in the only chunk',
        file: withTextChunks(await picture(), [{ keyword: 'chara', text: '%%%not-base64%%%' }]),
        filename: 'broken.png',
        hasPicture: true,
      },
      {
        quirk: 'a name and nothing to play from',
        file: Buffer.from(JSON.stringify(cardJson('name-only.json'))),
        filename: 'name-only.json',
        hasPicture: false,
      },
      {
        quirk: 'a CHARX zip without card.json',
        file: Buffer.from(zipSync({ 'readme.txt': strToU8('no card here') })),
        filename: 'empty.charx',
        hasPicture: false,
      },
      {
        quirk: 'a CHARX zip cut short',
        file: charx.subarray(0, Math.floor(charx.length / 2)),
        filename: 'cut.charx',
        hasPicture: false,
      },
      {
        quirk: 'JSON that is no card',
        file: Buffer.from(JSON.stringify({ title: 'shopping list', items: ['milk'] })),
        filename: 'list.json',
        hasPicture: false,
      },
    ],
  };
}
