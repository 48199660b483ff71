/**
 * SillyTavern / TavernAI character cards (protocols.md): V1 JSON, V2 (`chara_card_v2`) and V3
 * (`chara_card_v3`), plain, embedded in a PNG as base64 tEXt chunks (`chara` = V2, `ccv3` = V3)
 * or packed as CHARX (a zip with `card.json` and its assets). One parser for the browser
 * (auto-fill) and the server (import, export), as forgiving as the tools that write cards: a card
 * needs a name and something to play from (a description, a personality or a first message);
 * empty fields are normal. Unknown keys, extensions, the character book and alternate greetings
 * survive a round trip.
 */
import { unzipSync } from 'fflate';
import { isPng, PNG_SIGNATURE } from './png';
import { isRecord } from './records';

export interface CharacterBookEntry {
  keys: string[];
  content: string;
  extensions: Record<string, unknown>;
  enabled: boolean;
  insertion_order: number;
  [key: string]: unknown;
}

export interface CharacterBook {
  entries: CharacterBookEntry[];
  extensions: Record<string, unknown>;
  [key: string]: unknown;
}

/** The card's data with every V2 field present; V3 and unknown keys ride along. */
export interface CardData {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  creator_notes: string;
  system_prompt: string;
  post_history_instructions: string;
  alternate_greetings: string[];
  character_book?: CharacterBook;
  tags: string[];
  creator: string;
  character_version: string;
  extensions: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ParsedCard {
  /** The version the card was written in. */
  spec: 'v1' | 'v2' | 'v3';
  data: CardData;
  /** Top-level keys besides spec, spec_version and data (kept on export). */
  extra: Record<string, unknown>;
  /** The card's own picture, when a CHARX file carries its main icon (the avatar it brings). */
  image?: Uint8Array;
}

export class CardError extends Error {
  override name = 'CardError';
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;

function normaliseBook(value: unknown): CharacterBook | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Array.isArray(value.entries) ? value.entries.filter(isRecord) : [];
  return {
    ...value,
    extensions: isRecord(value.extensions) ? value.extensions : {},
    entries: entries.map((e, i) => ({
      ...e,
      keys: strings(e.keys),
      content: str(e.content),
      extensions: isRecord(e.extensions) ? e.extensions : {},
      enabled: e.enabled !== false,
      insertion_order: typeof e.insertion_order === 'number' ? e.insertion_order : i,
    })),
  };
}

function normaliseData(source: Record<string, unknown>): CardData {
  const book = normaliseBook(source.character_book);
  const data: CardData = {
    ...source,
    name: str(source.name),
    description: str(source.description),
    personality: str(source.personality),
    scenario: str(source.scenario),
    first_mes: str(source.first_mes),
    mes_example: str(source.mes_example),
    creator_notes: str(source.creator_notes),
    system_prompt: str(source.system_prompt),
    post_history_instructions: str(source.post_history_instructions),
    alternate_greetings: strings(source.alternate_greetings),
    tags: strings(source.tags),
    creator: str(source.creator),
    character_version: str(source.character_version),
    extensions: isRecord(source.extensions) ? source.extensions : {},
  };
  if (book) data.character_book = book;
  else delete data.character_book;
  return data;
}

/**
 * V1 keys, and the older Pygmalion / text-generation-webui names some exports still use, as V1
 * reads them.
 */
const V1_ALIASES: Record<string, (typeof V1_FIELDS)[number]> = {
  char_name: 'name',
  char_persona: 'personality',
  world_scenario: 'scenario',
  char_greeting: 'first_mes',
  example_dialogue: 'mes_example',
};

/** A card needs a name and something to play from; everything else may be empty. */
function playable(data: CardData): CardData {
  if (!data.name.trim()) throw new CardError('The character card has no name.');
  if (![data.description, data.personality, data.first_mes].some((text) => text.trim()))
    throw new CardError('The character card has no description, personality or first message.');
  return data;
}

/** Reads a card from its JSON value (V1, V2 or V3, or a V1-style export with extra keys). */
export function parseCardJson(value: unknown): ParsedCard {
  if (!isRecord(value)) throw new CardError('A character card must be a JSON object.');
  const { spec, spec_version: _version, data, ...extra } = value;
  if ((spec === 'chara_card_v2' || spec === 'chara_card_v3') && isRecord(data)) {
    // Some writers leave the name only at the top level (a V1 copy beside the V2 data).
    const named = str(data.name).trim() ? data : { ...data, name: str(value.name) || str(value.char_name) };
    const parsed = playable(normaliseData(named));
    return { spec: spec === 'chara_card_v3' ? 'v3' : 'v2', data: parsed, extra };
  }
  const v1: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if ((V1_FIELDS as readonly string[]).includes(k)) v1[k] = v;
    else rest[k] = v;
  }
  for (const [alias, field] of Object.entries(V1_ALIASES))
    if (typeof value[alias] === 'string' && !str(v1[field])) v1[field] = value[alias];
  if (!V1_FIELDS.some((f) => typeof v1[f] === 'string') || !str(v1.name))
    throw new CardError('This file is not a character card.');
  return { spec: 'v1', data: playable(normaliseData(v1)), extra: rest };
}

/**
 * The top-level keys a card carried along, with any V1 copy of the fields (SillyTavern writes
 * one beside the V2 data) brought up to date with the data.
 */
function topLevel(card: ParsedCard): Record<string, unknown> {
  const top = { ...card.extra };
  for (const field of V1_FIELDS) if (field in top) top[field] = card.data[field];
  return top;
}

export function toV2Json(card: ParsedCard): Record<string, unknown> {
  return { ...topLevel(card), spec: 'chara_card_v2', spec_version: '2.0', data: { ...card.data } };
}

export function toV3Json(card: ParsedCard): Record<string, unknown> {
  return {
    ...topLevel(card),
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: { group_only_greetings: [], ...card.data },
  };
}

// ---- UTF-8 base64 (works in browsers and Node alike) ----

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

export function encodeCardText(json: unknown): string {
  return bytesToBase64(new TextEncoder().encode(JSON.stringify(json)));
}

export function decodeCardText(text: string): unknown {
  return JSON.parse(new TextDecoder().decode(base64ToBytes(text)));
}

// ---- PNG chunks ----

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface Chunk {
  type: string;
  data: Uint8Array;
}

function readChunks(bytes: Uint8Array): Chunk[] {
  if (!isPng(bytes)) throw new CardError('This image is not a PNG.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length) throw new CardError('The PNG file is cut short.');
    chunks.push({ type, data: bytes.subarray(offset + 8, offset + 8 + length) });
    offset = end;
    if (type === 'IEND') break;
  }
  if (chunks.at(-1)?.type !== 'IEND') throw new CardError('The PNG file is cut short.');
  return chunks;
}

function writeChunks(chunks: Chunk[]): Uint8Array {
  const size = 8 + chunks.reduce((sum, c) => sum + 12 + c.data.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(PNG_SIGNATURE, 0);
  let offset = 8;
  for (const chunk of chunks) {
    view.setUint32(offset, chunk.data.length);
    const typeAndData = new Uint8Array(4 + chunk.data.length);
    for (let i = 0; i < 4; i += 1) typeAndData[i] = chunk.type.charCodeAt(i);
    typeAndData.set(chunk.data, 4);
    out.set(typeAndData, offset + 4);
    view.setUint32(offset + 8 + chunk.data.length, crc32(typeAndData));
    offset += 12 + chunk.data.length;
  }
  return out;
}

/** tEXt chunk: Latin-1 keyword, a zero byte, Latin-1 text (base64 is ASCII, so bytes = chars). */
function textChunk(keyword: string, text: string): Chunk {
  const data = new Uint8Array(keyword.length + 1 + text.length);
  for (let i = 0; i < keyword.length; i += 1) data[i] = keyword.charCodeAt(i);
  for (let i = 0; i < text.length; i += 1) data[keyword.length + 1 + i] = text.charCodeAt(i);
  return { type: 'tEXt', data };
}

function readText(chunk: Chunk): { keyword: string; text: string } | undefined {
  if (chunk.type !== 'tEXt') return undefined;
  const zero = chunk.data.indexOf(0);
  if (zero < 0) return undefined;
  const latin1 = (b: Uint8Array) => {
    let s = '';
    for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
    return s;
  };
  return { keyword: latin1(chunk.data.subarray(0, zero)), text: latin1(chunk.data.subarray(zero + 1)) };
}

/**
 * The card inside a PNG: `ccv3` preferred, then `chara`. A damaged or unreadable chunk gives way
 * to the other one; only when none can be read is the card refused.
 */
export function readPngCard(bytes: Uint8Array): ParsedCard {
  const texts = readChunks(bytes)
    .map(readText)
    .filter((t): t is { keyword: string; text: string } => t !== undefined);
  const chosen = ['ccv3', 'chara'].flatMap((keyword) => texts.filter((t) => t.keyword === keyword));
  if (chosen.length === 0) throw new CardError('This image has no character card in it.');
  // The first chunk that reads as a card wins; otherwise the first one's own reason.
  let refusal: CardError | undefined;
  for (const chunk of chosen) {
    let json: unknown;
    try {
      json = decodeCardText(chunk.text);
    } catch {
      refusal ??= new CardError('The character card in this image is damaged.');
      continue;
    }
    try {
      return parseCardJson(json);
    } catch (err) {
      if (!(err instanceof CardError)) throw err;
      refusal ??= err;
    }
  }
  throw refusal ?? new CardError('The character card in this image is damaged.');
}

/** Writes the card into a PNG: replaces any card chunks, writes both `chara` (V2) and `ccv3` (V3). */
export function writePngCard(png: Uint8Array, card: ParsedCard): Uint8Array {
  const kept = readChunks(png).filter((c) => {
    const t = readText(c);
    return !(t && (t.keyword === 'chara' || t.keyword === 'ccv3'));
  });
  const iend = kept.findIndex((c) => c.type === 'IEND');
  kept.splice(
    iend,
    0,
    textChunk('chara', encodeCardText(toV2Json(card))),
    textChunk('ccv3', encodeCardText(toV3Json(card))),
  );
  return writeChunks(kept);
}

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The most a CHARX file may unpack to, per file read (its card and its main icon). */
const CHARX_ENTRY_BYTES = 20 * 1024 * 1024;

/** One file out of a zip, refused beyond the size limit before it is inflated. */
function unzipOne(bytes: Uint8Array, name: string): Uint8Array | undefined {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name === name && f.originalSize <= CHARX_ENTRY_BYTES });
  } catch {
    throw new CardError('The CHARX file is damaged.');
  }
  return files[name];
}

/**
 * A CHARX file (the V3 zip): `card.json`, and the main icon among its assets (`embeded://` is the
 * spelling of the V3 specification; `embedded://` is read too) as the picture it brings.
 */
export function readCharx(bytes: Uint8Array): ParsedCard {
  const json = unzipOne(bytes, 'card.json');
  if (!json) throw new CardError('This CHARX file has no card.json in it.');
  const card = parseCardBytes(json, 'The card.json in this CHARX file is damaged.');
  const assets = Array.isArray(card.data.assets) ? card.data.assets.filter(isRecord) : [];
  const icon =
    assets.find((a) => a.type === 'icon' && a.name === 'main') ?? assets.find((a) => a.type === 'icon');
  const path = str(icon?.uri).match(/^embedd?ed:\/\/(.+)$/)?.[1];
  // Its format is checked where it is used, as any uploaded picture is.
  const image = path ? unzipOne(bytes, path) : undefined;
  if (image) card.image = image;
  return card;
}

/** Reads a card file: a PNG with a card, a CHARX zip, or card JSON. */
export function readCardFile(bytes: Uint8Array): ParsedCard {
  if (isPng(bytes)) return readPngCard(bytes);
  if (isZip(bytes)) return readCharx(bytes);
  return parseCardBytes(bytes, 'This file is not a character card.');
}

/** Card JSON as UTF-8 bytes; `unreadable` is the refusal when they are not JSON. */
function parseCardBytes(bytes: Uint8Array, unreadable: string): ParsedCard {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new CardError(unreadable);
  }
  return parseCardJson(json);
}

/** `{{char}}`/`<BOT>` and `{{user}}`/`<USER>`, case-insensitively. */
export function replaceCardMacros(text: string, names: { char: string; user: string }): string {
  return text.replace(/\{\{char\}\}|<bot>/gi, names.char).replace(/\{\{user\}\}|<user>/gi, names.user);
}

/** Example dialogue blocks, split on `<START>`. */
export function splitExamples(mesExample: string): string[] {
  return mesExample
    .split(/<START>/i)
    .map((block) => block.trim())
    .filter(Boolean);
}
