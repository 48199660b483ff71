/**
 * A seeded fuzzer over every route the app registers under /cgi-bin (app.routeList, so a new
 * route is fuzzed without a word here). Each answer must be below HTTP 500, and every JSON
 * answer the envelope `{code, message, data}`; the few documented other answers (audio,
 * redirects, the sign-in page, server-sent events, a card PNG, the webhooks' own bodies) are
 * allowed on their routes only.
 *
 * Requests are built from the contract's own request schemas: a first third learns what each
 * route accepts (the schemas that worked, the fields it asks for), the rest mostly replays an
 * accepted request with one change (a NUL or lone surrogate in a text, a hostile value, a field
 * gone or added), so the bad values reach the code behind validation and the database. Between
 * those: broken multipart bodies, deep and malformed JSON, bad percent-encoding, long and `..`
 * path parameters, other methods, random bytes and content types, with and without sessions.
 *
 * The seed is printed; FUZZ_SEED=<n> replays a run (what the server generates, like ids, still
 * varies), FUZZ_REQUESTS=<n> makes it longer, FUZZ_REPORT=<file> writes every wrong answer there.
 * A failure prints each request (method, URL, headers, body) so it can be sent again.
 */
import fs from 'node:fs';
import { seededRandom } from '@lumi/engines';
import { beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@lumi/contract';
import sharp from 'sharp';
import type { z } from 'zod';
import { DevOutbox } from '../src/lib/mailer';
import { OPENAPI_PATH, REFERENCE_PATH } from '../src/plugins/openapi';
import { loginTourist, makeCharacter, messagesFile, useTestApp, useWebDist } from './helpers';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : 0x5eed_2024;
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  /** 0 <= n < max */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(items.length)] as T;
  }
  bytes(n: number): Buffer {
    return Buffer.from(Array.from({ length: n }, () => this.int(256)));
  }
  word(): string {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    return Array.from({ length: 1 + this.int(10) }, () => letters[this.int(letters.length)]).join('');
  }
  /** A valid tourist code, so a fuzzed tourist login can succeed. */
  touristCode(): string {
    const { TOURIST_CODE_ALPHABET: alphabet, TOURIST_CODE_LENGTH: length } = contract;
    return Array.from({ length }, () => alphabet[this.int(alphabet.length)]).join('');
  }
  uuid(): string {
    const hex = this.bytes(16).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

/** A route as Fastify registered it (app.routeList, collected by an onRoute hook in app.ts). */
interface RouteInfo {
  method: string;
  url: string;
}

// ---------------------------------------------------------------------------------------------
// Inputs: field names and plausible values from the contract's own zod schemas

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const isSchema = (value: unknown): value is AnySchema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

interface Shape {
  fields: Record<string, AnySchema>;
  /** The words of its name (`messageEditBodySchema`: message, edit), to match route paths. */
  words: string[];
}

/** The contract's request schemas: its bodies, queries and forms, by their names. */
const SHAPES: Shape[] = Object.entries(contract).flatMap(([name, schema]) => {
  if (!/(Body|Query|Form)Schema$/.test(name) || !isSchema(schema) || schema._zod.def.type !== 'object')
    return [];
  const words = name
    .replace(/(Body|Query|Form)Schema$/, '')
    .split(/(?=[A-Z])/)
    .map((w) => w.toLowerCase());
  return [{ fields: schema._zod.def.shape as Record<string, AnySchema>, words }];
});

/**
 * The schemas whose names best match a route's path (`/character_msg/edit`: messageEditBody),
 * so that most requests are nearly right and reach the code behind validation.
 */
function likelyShapes(url: string): Shape[] {
  const pathWords = url
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2 && w !== 'cgi' && w !== 'bin');
  const score = (shape: Shape) =>
    shape.words.filter((w) => pathWords.some((p) => p.startsWith(w) || w.startsWith(p))).length;
  const best = Math.max(...SHAPES.map(score));
  return best > 0 ? SHAPES.filter((shape) => score(shape) === best) : [];
}

/** An English message about one field, read from the catalogue, as a pattern that finds the field. */
const fieldMessage = (key: 'missing_field' | 'invalid_field' | 'unknown_field') =>
  new RegExp(
    `^${messagesFile('en')
      [key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\\{\\{field\\}\\}', '(.+)')}$`,
  );
const NEEDED_FIELD = [fieldMessage('missing_field'), fieldMessage('invalid_field')];
const UNKNOWN_FIELD = fieldMessage('unknown_field');

/** What the fuzz learns about one route's input, so that most requests get past validation. */
class RouteGuide {
  /** Fields the route said it requires or found invalid: fields it reads. */
  readonly needed = new Set<string>();
  /** Fields the route said it does not accept. */
  readonly refused = new Set<string>();
  /** Schemas of requests it accepted. */
  readonly worked = new Set<Shape>();
  /** Requests it accepted: later ones are these with one change. */
  readonly successes: Template[] = [];

  constructor(private readonly byName: Shape[]) {}

  /** The schemas to build its input from: what worked, else what has the fields it asked for, else by name. */
  suits(): Shape[] {
    if (this.worked.size) return [...this.worked];
    if (this.needed.size) {
      const scored = SHAPES.map((shape) => ({
        shape,
        n:
          [...this.needed].filter((field) => field in shape.fields).length -
          [...this.refused].filter((field) => field in shape.fields).length,
      }));
      const best = Math.max(...scored.map(({ n }) => n));
      if (best > 0) return scored.filter(({ n }) => n === best).map(({ shape }) => shape);
    }
    return this.byName;
  }
}

/** Every field name any request schema knows, plus the multipart ones read by hand. */
const FIELD_NAMES = [
  ...new Set([
    ...SHAPES.flatMap((shape) => Object.keys(shape.fields)),
    'head',
    'card',
    'base',
    'face',
    'voice',
    'script',
    'consent',
    'base_face',
  ]),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps the newest 40 distinct values. */
function remember<T>(list: T[], value: T): void {
  if (list.includes(value)) return;
  list.push(value);
  if (list.length > 40) list.shift();
}

class Inputs {
  /** Row ids that exist (a character, messages), so some requests reach the database's rows. */
  ids: number[] = [1, 2];
  uuids: string[] = [];
  /** Texts that mean something somewhere (a tourist code, a voice, a plan). */
  strings: string[] = [];
  /** Values that exist as path parameters (a voice, a legal page, an article, a share). */
  pathValues: string[] = [];
  /** The schemas the current request was made from. */
  used = new Set<Shape>();

  constructor(private readonly rng: Rng) {}

  private shape(from: readonly Shape[]): Record<string, unknown> {
    const shape = this.rng.pick(from);
    this.used.add(shape);
    return this.objectOf(shape.fields);
  }

  /** A value the schema would accept, most of the time. */
  plausible(schema: AnySchema, depth = 0): unknown {
    const { rng } = this;
    const def = schema._zod.def as Record<string, unknown> & { type: string };
    const inner = (key: string) => def[key] as AnySchema;
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return this.plausible(inner('innerType'), depth);
      case 'pipe':
        return inner('in')._zod.def.type === 'transform'
          ? this.plausible(inner('out'), depth)
          : this.plausible(inner('in'), depth);
      case 'enum':
        return rng.pick(Object.values(def.entries as Record<string, string>));
      case 'literal':
        return rng.pick(def.values as unknown[]);
      case 'union':
        return this.plausible(rng.pick(def.options as AnySchema[]), depth);
      case 'object':
        return depth > 3 ? {} : this.objectOf(def.shape as Record<string, AnySchema>, depth + 1);
      case 'array':
        return Array.from({ length: 1 + rng.int(3) }, () => this.plausible(inner('element'), depth + 1));
      case 'boolean':
        return rng.chance(0.5);
      case 'number': {
        const n = schema as unknown as { minValue: number | null; maxValue: number | null };
        if (rng.chance(0.5)) return rng.pick(this.ids);
        const min = Number.isFinite(n.minValue) ? Number(n.minValue) : 0;
        const max = Number.isFinite(n.maxValue) ? Math.min(Number(n.maxValue), min + 10) : min + 10;
        return min + rng.int(max - min + 1);
      }
      case 'string':
        if (def.format === 'uuid' || def.format === 'guid')
          return this.uuids.length && rng.chance(0.5) ? rng.pick(this.uuids) : rng.uuid();
        if (def.format === 'email') return `${rng.word()}@example.com`;
        if (this.strings.length && rng.chance(0.2)) return rng.pick(this.strings);
        return rng.chance(0.1) ? '' : `${rng.word()} ${rng.word()}`;
      default:
        return rng.word();
    }
  }

  objectOf(shape: Record<string, AnySchema>, depth = 0): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(shape)
        .filter(() => this.rng.chance(0.8))
        .map(([key, schema]) => [key, this.plausible(schema, depth)]),
    );
  }

  /** A value meant to break something. */
  hostile(): unknown {
    const { rng } = this;
    switch (rng.int(24)) {
      case 0:
        return '\u0000';
      case 1:
        return `${rng.word()}\u0000${rng.word()}`;
      case 2:
        return '\ud800';
      case 3:
        return `${rng.word()}\udfff`;
      case 4:
        return 'x'.repeat(70_000);
      case 5:
        return rng.pick(['-1', '0', '1e309', 'NaN', 'Infinity', '-0', '9007199254740993', '1.5', '0x10']);
      case 6:
        return rng.pick([-1, 0, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, 1.5, -0.5]);
      case 7:
        return rng.pick([true, false, null]);
      case 8:
        return [];
      case 9:
        return [rng.word(), rng.word()];
      case 10:
        return [rng.pick(this.ids), rng.uuid()];
      case 11:
        return {};
      case 12:
        return { $gt: '', [rng.word()]: rng.word() };
      case 13:
        return nested(rng.pick([10, 70]));
      case 14:
        return rng.pick(['../../etc/passwd', '..', '%00', '%ZZ', '\\..\\..', '/']);
      case 15:
        return rng.pick(["' OR 1=1 --", '"; DROP TABLE users; --', '\\', '$1', '${x}', '{{field}}']);
      case 16:
        return rng.pick(['\u202eevil', '😀'.repeat(500), 'ㅤ', '\uFEFF', '\r\n\r\n', '\t']);
      case 17:
        return rng.pick(['__proto__', 'constructor', 'prototype']);
      case 18:
        return rng.uuid();
      case 19:
        return rng.pick(['true', 'false', 'null', 'undefined', '[]', '{}', '[1,2]']);
      case 20:
        return `${rng.word()}@${'a'.repeat(300)}.com`;
      case 21:
        return rng.pick(this.strings.length ? this.strings : ['']);
      case 22:
        return ' '.repeat(1 + rng.int(5));
      default:
        return rng.word();
    }
  }

  /** Ids and uuids a successful answer names (an order, a job, a share), for later requests. */
  learn(data: unknown, depth = 0): void {
    if (depth > 6 || data === null || typeof data !== 'object') return;
    for (const [key, value] of Object.entries(data)) {
      if (typeof value === 'string' && UUID.test(value)) remember(this.uuids, value);
      // Opaque ids only (a share's): a voice's name would make every voice's preview be synthesised.
      else if (typeof value === 'string' && /(^|_)id$/i.test(key) && /^[\w-]{12,64}$/.test(value))
        remember(this.pathValues, value);
      else if (
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        value > 0 &&
        /(^|_)id$|Id$/.test(key)
      )
        remember(this.ids, value);
      else this.learn(value, depth + 1);
    }
  }

  /** A text that PostgreSQL or a parser may refuse, put into a given string. */
  taint(text: string): string {
    const at = this.rng.int(text.length + 1);
    const poison = this.rng.pick(['\u0000', '\ud800', '\udc00', '\uffff', '\u0000\u0000', '%00']);
    return text.slice(0, at) + poison + text.slice(at);
  }

  /**
   * An object for a body or a query: fields of a schema that suits the route (by its name, or
   * one that has worked there before), of any schema, of all of them, or noise; then mutated.
   */
  object(suits: readonly Shape[] = []): Record<string, unknown> {
    const { rng } = this;
    let obj: Record<string, unknown>;
    const mode = rng.int(10);
    if (mode < 6 && suits.length) obj = this.shape(suits);
    else if (mode < 7) obj = this.shape(SHAPES);
    else if (mode < 8) {
      // The fields of every schema at once: non-strict schemas take what they know.
      obj = {};
      for (const shape of SHAPES) Object.assign(obj, this.objectOf(shape.fields));
    } else if (mode < 9) {
      obj = {};
      for (let i = rng.int(5); i >= 0; i--) obj[rng.pick(FIELD_NAMES)] = this.hostile();
    } else obj = {};
    // Mostly one mutation, so the rest stays valid and the request gets far.
    return this.mutate(obj, rng.pick([0, 0, 0, 1, 1, 2]));
  }

  /**
   * `count` changes: a text gets a NUL or a lone surrogate, a field a hostile value, a field
   * goes away, or a stranger comes.
   */
  mutate(obj: Record<string, unknown>, count: number): Record<string, unknown> {
    const { rng } = this;
    for (let i = count; i > 0; i--) {
      const keys = Object.keys(obj);
      const texts = keys.filter((k) => typeof obj[k] === 'string');
      const action = rng.int(20);
      if (action < 9 && texts.length) {
        const key = rng.pick(texts);
        obj[key] = this.taint(obj[key] as string);
      } else if (action < 14 && keys.length) obj[rng.pick(keys)] = this.hostile();
      else if (action < 17 && keys.length) delete obj[rng.pick(keys)];
      else obj[rng.chance(0.7) ? rng.pick(FIELD_NAMES) : rng.word()] = this.hostile();
    }
    return obj;
  }
}

/** {"a":{"a":...}} `depth` deep. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** [[[...]]] `depth` deep. */
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A value as a form or query would carry it. */
function formValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined ? '' : JSON.stringify(value);
}

/** Percent-encoding that also carries lone surrogates (as the invalid UTF-8 bytes of WTF-8). */
function encode(text: string): string {
  if (!/[\ud800-\udfff]/.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const char of text) {
    const u = char.codePointAt(0) ?? 0;
    out +=
      u >= 0xd800 && u <= 0xdfff
        ? [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return out;
}

/** `key=value&...`, encoded (or not) the way the fuzz asks. */
function encodeForm(rng: Rng, obj: Record<string, unknown>, breakIt: boolean): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(obj)) {
    const values = Array.isArray(value) && rng.chance(0.5) ? value : [value];
    for (const v of values) pairs.push(`${encode(key)}=${encode(formValue(v))}`);
    // The same key twice gives an array in most parsers.
    if (breakIt && rng.chance(0.2)) pairs.push(`${encode(key)}=${encode(formValue(value))}`);
  }
  if (breakIt && rng.chance(0.6)) {
    pairs.push(
      rng.pick([
        'q=%ZZ',
        'q=%E0%A4%A',
        'q=%',
        'q=%00',
        'q=a%00b',
        'q=%C0%AF',
        'q=%ED%A0%80',
        'q=%FF%FE',
        'a[b]=c',
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
        '=',
        '&&',
        `${rng.pick(FIELD_NAMES)}=%ZZ`,
        `${rng.pick(FIELD_NAMES)}=%00`,
        `${rng.pick(FIELD_NAMES)}=${'9'.repeat(400)}`,
      ]),
    );
  }
  return pairs.join('&');
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** A portrait PNG big enough to be an avatar (made in beforeAll). */
let avatarPng = PNG_1PX;

/** A short 16 kHz mono WAV tone. */
function wav(samples: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(8000 * Math.sin(i / 8)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

function randomFiles(rng: Rng): FilePart[] {
  return Array.from({ length: rng.int(3) }, () => ({
    name: rng.pick(['head', 'card', 'base', 'face', 'voice', 'script', rng.pick(FIELD_NAMES)]),
    filename: rng.pick(['a.png', 'a.wav', '../../x.png', 'a\u0000.png', '', 'ü.png']),
    contentType: rng.pick(['image/png', 'audio/wav', 'application/octet-stream', 'text/plain']),
    data: rng.pick([avatarPng, PNG_1PX, wav(1600), wav(48_000), rng.bytes(rng.int(2000)), Buffer.alloc(0)]),
  }));
}

/** A multipart/form-data body of `fields` and `files`; now and then broken on purpose. */
function multipartBody(
  rng: Rng,
  fields: Record<string, unknown>,
  files: FilePart[],
  breakIt: boolean,
): { payload: Buffer; contentType: string; kind: string } {
  const boundary = `----fuzz${rng.bytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, value] of Object.entries(fields)) field(name, formValue(value));
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  let kind = 'multipart';
  if (breakIt) {
    switch (rng.int(6)) {
      case 0:
        kind = 'multipart with a huge field';
        field(rng.pick(FIELD_NAMES), 'y'.repeat(200_000));
        break;
      case 1:
        kind = 'multipart with NUL';
        field(rng.pick(FIELD_NAMES), 'a\u0000b');
        break;
      case 2:
        kind = 'multipart with many fields';
        for (let i = 0; i < 60; i++) field(`f${i}`, 'x');
        break;
      default:
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (breakIt) {
    switch (rng.int(6)) {
      case 0:
        kind += ', truncated';
        payload = payload.subarray(0, rng.int(payload.length));
        break;
      case 1:
        kind += ', wrong boundary';
        contentType = `multipart/form-data; boundary=----other${rng.word()}`;
        break;
      case 2:
        kind += ', no boundary';
        contentType = 'multipart/form-data';
        break;
      case 3:
        kind += ', unterminated';
        payload = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
        break;
      case 4:
        kind += ', bad part headers';
        payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: nonsense\r\n\r\n`),
          payload,
        ]);
        break;
      default:
    }
  }
  return { payload, contentType, kind };
}

// ---------------------------------------------------------------------------------------------
// One request

type Identity = 'none' | 'tourist' | 'email' | 'bogus';
type Encoding = 'query' | 'json' | 'form' | 'multipart';

/** The part of a request that carries its fields, kept when the request succeeds. */
interface Template {
  path: string;
  identity: Identity;
  encoding: Encoding;
  fields: Record<string, unknown>;
  files: FilePart[];
}

interface FuzzRequest {
  route: RouteInfo;
  method: string;
  url: string;
  identity: Identity;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
  remoteAddress: string;
  /** The schemas its fields were made from. */
  shapes: Shape[];
  /** Its fields, when they went out well-formed: a success is mutated again later. */
  template?: Template;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;

const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2F..',
  '..%2f..%2fetc%2fpasswd',
  '%E0%A4%A',
  '%ZZ',
  '%',
  '%00',
  'a%00b',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%F0%9F%98',
  '%FF',
  '%20',
  '-1',
  '0',
  '99999999999999999999999',
  'NaN',
  '__proto__',
  '😀',
  '%F0%9F%98%80',
];

function fillPath(rng: Rng, inputs: Inputs, url: string): { url: string; kind: string } {
  let kind = '';
  const filled = url.replace(/:([A-Za-z_]+)|\*/g, () => {
    switch (rng.int(6)) {
      case 0:
      case 1:
      case 2:
        kind = 'path param';
        return encodeURIComponent(
          rng.pick([...inputs.pathValues, rng.uuid(), rng.word(), String(rng.pick(inputs.ids))]),
        );
      case 3:
        kind = 'long path param';
        return 'x'.repeat(rng.pick([300, 5000]));
      default:
        kind = 'hostile path param';
        return rng.pick(HOSTILE_SEGMENTS);
    }
  });
  if (rng.chance(0.08)) {
    kind = 'path suffix';
    return { url: `${filled}/${rng.pick(HOSTILE_SEGMENTS)}`, kind };
  }
  return { url: filled, kind };
}

const IDENTITIES: readonly Identity[] = [
  'tourist',
  'tourist',
  'tourist',
  'email',
  'email',
  'email',
  'none',
  'bogus',
];

const BOGUS_TICKETS = ['ticket=nope', `ticket=${'z'.repeat(5000)}`, 'ticket=%ZZ; uid=%00', 'ticket=\u00ff'];

/** Fields in the shape of a query, a JSON, form or multipart body, then sent that way. */
function encodeFields(
  rng: Rng,
  request: { url: string; headers: Record<string, string>; payload?: string | Buffer },
  encoding: Encoding,
  fields: Record<string, unknown>,
  files: FilePart[],
  breakIt: boolean,
): string {
  switch (encoding) {
    case 'query': {
      const query = encodeForm(rng, fields, breakIt);
      if (query) request.url += `${request.url.includes('?') ? '&' : '?'}${query}`;
      return 'query';
    }
    case 'json':
      request.payload = JSON.stringify(fields);
      request.headers['content-type'] = 'application/json';
      return 'json';
    case 'form':
      request.payload = encodeForm(rng, fields, breakIt);
      request.headers['content-type'] = 'application/x-www-form-urlencoded';
      return 'form';
    case 'multipart': {
      const body = multipartBody(rng, fields, files, breakIt);
      request.payload = body.payload;
      request.headers['content-type'] = body.contentType;
      return body.kind;
    }
  }
}

/** A request like one that succeeded before, with one thing changed. */
function mutatedRequest(rng: Rng, inputs: Inputs, route: RouteInfo, template: Template): FuzzRequest {
  inputs.used.clear();
  const fields = inputs.mutate(structuredClone(template.fields), 1);
  const request: FuzzRequest = {
    route,
    method: route.method,
    url: template.path,
    identity: template.identity,
    headers: {},
    kind: '',
    remoteAddress: `198.18.${rng.int(256)}.${1 + rng.int(254)}`,
    shapes: [],
  };
  request.kind = `success mutated, ${encodeFields(rng, request, template.encoding, fields, template.files, false)}`;
  return request;
}

function makeRequest(rng: Rng, inputs: Inputs, route: RouteInfo, suits: readonly Shape[]): FuzzRequest {
  inputs.used.clear();
  const kinds: string[] = [];
  const method = rng.chance(0.06) ? rng.pick(METHODS) : route.method;
  if (method !== route.method) kinds.push('other method');
  const filled = fillPath(rng, inputs, route.url);
  if (filled.kind) kinds.push(filled.kind);
  const request: FuzzRequest = {
    route,
    method,
    url: filled.url,
    identity: rng.pick(IDENTITIES),
    headers: {},
    kind: '',
    remoteAddress: `198.18.${rng.int(256)}.${1 + rng.int(254)}`,
    shapes: [],
  };
  const { headers } = request;
  const breakIt = rng.chance(0.2);
  const isGet = method === 'GET' || method === 'HEAD';

  // The query string: for GETs mostly, now and then on any call.
  if (isGet ? rng.chance(0.9) : rng.chance(0.1)) {
    const fields = inputs.object(suits);
    kinds.push(encodeFields(rng, request, 'query', fields, [], breakIt));
    if (isGet && !breakIt)
      request.template = {
        path: filled.url,
        identity: request.identity,
        encoding: 'query',
        fields,
        files: [],
      };
  }
  if (rng.chance(0.02)) {
    request.url += `${request.url.includes('?') ? '&' : '?'}pad=${'a'.repeat(20_000)}`;
    kinds.push('long url');
  }

  if (rng.chance(0.15))
    headers['x-locale'] = rng.pick([...contract.LOCALE_CODES, 'xx', '', 'en\u00e9', '../fr']);
  if (rng.chance(0.08)) headers['accept-language'] = rng.pick(['fr-CH, fr;q=0.9', '*', 'zz;q=abc', ';;;']);
  if (rng.chance(0.08)) headers.accept = rng.pick(['text/event-stream', 'application/xml', '*/*']);

  const withBody = isGet ? rng.chance(0.05) : rng.chance(0.93);
  if (withBody) {
    const bodyKind = rng.int(20);
    if (bodyKind < 13) {
      const encoding: Encoding = bodyKind < 6 ? 'json' : bodyKind < 9 ? 'form' : 'multipart';
      const fields = inputs.object(suits);
      const files = encoding === 'multipart' ? randomFiles(rng) : [];
      kinds.push(encodeFields(rng, request, encoding, fields, files, breakIt));
      if (!isGet && !breakIt)
        request.template = { path: filled.url, identity: request.identity, encoding, fields, files };
    } else if (bodyKind === 13) {
      request.payload = rng.chance(0.5) ? deepArray(5000) : JSON.stringify(nested(rng.pick([100, 1000])));
      headers['content-type'] = 'application/json';
      kinds.push('deep json');
    } else if (bodyKind === 14) {
      const json = JSON.stringify(inputs.object(suits));
      request.payload = json.slice(0, rng.int(json.length));
      headers['content-type'] = 'application/json';
      kinds.push('malformed json');
    } else if (bodyKind === 15) {
      request.payload = rng.pick(['[1,2]', '"text"', '12', 'null', 'true', '""', '[]', '{"a":1}{"b":2}']);
      headers['content-type'] = 'application/json';
      kinds.push('json, not an object');
    } else if (bodyKind === 16) {
      // Invalid UTF-8 inside a JSON string.
      request.payload = Buffer.concat([
        Buffer.from(`{"${rng.pick(FIELD_NAMES)}":"`),
        rng.pick([Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80])]),
        Buffer.from('"}'),
      ]);
      headers['content-type'] = 'application/json';
      kinds.push('invalid utf-8');
    } else if (bodyKind === 17) {
      request.payload = '';
      headers['content-type'] = rng.pick([
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ]);
      kinds.push('empty body');
    } else {
      request.payload = rng.bytes(rng.int(3000));
      const type = rng.pick([
        'application/octet-stream',
        'text/plain',
        'application/xml',
        'image/png',
        'application/json; charset=utf-16',
        'foo/bar',
        'multipart/mixed; boundary=x',
        undefined,
      ]);
      if (type) headers['content-type'] = type;
      kinds.push('random bytes');
    }
  }
  request.kind = kinds.join(', ');
  request.shapes = [...inputs.used];
  return request;
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

interface Answer {
  /** The path the server saw. */
  path: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const contentType = (res: Answer) => [res.headers['content-type'] ?? ''].flat().join(', ');

const isEnvelope = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { code?: unknown }).code === 'number' &&
  typeof (value as { message?: unknown }).message === 'string' &&
  'data' in value;

/** The envelope of an answer, when it is one. */
function envelopeOf(body: string): { code: number; message: string; data: unknown } | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return isEnvelope(value) ? (value as { code: number; message: string; data: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/** The documented answers that are not the envelope, each for its route only. */
function documentedOtherAnswer(request: FuzzRequest, res: Answer, type: string): boolean {
  const { url } = request.route;
  const redirect = res.statusCode >= 300 && res.statusCode < 400 && typeof res.headers.location === 'string';
  // HEAD answers carry the headers of the GET and no body.
  if (request.method === 'HEAD' && res.body === '') return true;
  // The API reference: Swagger UI's page and files, its own redirects and not-founds.
  if (url === REFERENCE_PATH || url.startsWith(`${REFERENCE_PATH}/`)) return res.statusCode < 500;
  switch (url) {
    case OPENAPI_PATH:
      try {
        return (
          res.statusCode === 200 &&
          typeof (JSON.parse(res.body) as { openapi?: unknown }).openapi === 'string'
        );
      } catch {
        return false;
      }
    case '/cgi-bin/auth/aigc/speech/text-to-speech':
    case '/cgi-bin/auth/aigc/speech/custom':
      return res.statusCode === 200 && type.startsWith('audio/');
    case '/cgi-bin/speech/preview/:voiceId':
      return redirect;
    case '/cgi-bin/login/oauth/:provider':
      return redirect;
    case '/cgi-bin/login/oauth/:provider/callback':
      return redirect || (res.statusCode === 200 && type.startsWith('text/html'));
    case '/cgi-bin/auth/aigc/text':
      return res.statusCode === 200 && type.startsWith('text/event-stream');
    case '/cgi-bin/auth/character/card':
      return res.statusCode === 200 && type === 'image/png';
    case '/cgi-bin/presets/:file':
      return res.statusCode === 200 && type === 'image/webp';
    case '/cgi-bin/webhooks/stripe':
    case '/cgi-bin/webhooks/nowpayments':
      // The providers read `received`.
      try {
        return typeof (JSON.parse(res.body) as { received?: unknown }).received === 'boolean';
      } catch {
        return false;
      }
    default:
      return false;
  }
}

/** Why an answer is wrong, or undefined. */
function problem(request: FuzzRequest, res: Answer): string | undefined {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}`;
  // The path the server saw: inject resolves `..` and `%2e%2e` as a browser would, so
  // /cgi-bin/x/../%2e%2e is the home page.
  if (!res.path.startsWith('/cgi-bin/')) return undefined;
  const type = contentType(res);
  if (documentedOtherAnswer(request, res, type)) return undefined;
  if (!type.startsWith('application/json')) return `not JSON (${type || 'no content-type'})`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'JSON that does not parse';
  }
  if (!isEnvelope(body)) return 'JSON outside the envelope';
  if (res.statusCode >= 400 && (body as { code: number }).code === 0)
    return `HTTP ${res.statusCode} with code 0`;
  return undefined;
}

function describeRequest(request: FuzzRequest, res: Answer): string {
  const payload =
    request.payload === undefined
      ? '(none)'
      : JSON.stringify(
          (Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload).slice(
            0,
            300,
          ),
        );
  return [
    `${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} chars)` : request.url}`,
    `  route: ${request.route.method} ${request.route.url}; as: ${request.identity}; fuzz: ${request.kind}`,
    `  headers: ${JSON.stringify(request.headers)}; from ${request.remoteAddress}`,
    `  body (${request.payload?.length ?? 0} bytes): ${payload}`,
    `  answer: HTTP ${res.statusCode} ${contentType(res)} ${res.body.slice(0, 200)}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

const outbox = new DevOutbox(() => undefined);
const ADMIN_EMAILS = Array.from({ length: 50 }, (_, i) => `fuzz-admin-${i}@example.com`);

// A built site of one page, as in production: a path like /cgi-bin/x/../%2e%2e is the home page
// once resolved, and without a build the page would answer 503 (not built).
const site = useWebDist(
  {
    'index.html':
      '<!doctype html><html><head><title>Lumi</title></head><body><div id="root"></div></body></html>',
  },
  'lumi-fuzz-web-',
);
// The job workers stay on: text to speech waits for its job, and without a worker a good request
// would wait out the handler timeout (503). Credits keep the jobs that run few and short.
const t = useTestApp(() => ({
  mailer: outbox,
  env: {
    ADMIN_EMAILS: ADMIN_EMAILS.join(','),
    // Public characters are approved at once, so every caller can reach the one made below.
    CHARACTER_AUTO_APPROVE: 'true',
    WEB_DIST_DIR: site.dir,
  },
}));
let routes: RouteInfo[];
const rng = new Rng(SEED);
const inputs = new Inputs(rng);
const sessions: Record<'tourist' | 'email', string> = { tourist: '', email: '' };
let touristCodeInUse = '';
let emailsUsed = 0;

/** A network of its own for each sign-in, so the per-network quotas never refuse one. */
let signIns = 0;
const freshAddress = () => {
  signIns++;
  return `10.${(signIns >> 8) & 255}.${signIns & 255}.1`;
};

/** The ticket cookie a login answer sets. */
function ticketOf(res: { cookies: { name: string; value: string }[]; body: string }): string {
  const ticket = res.cookies.find((c) => c.name === 'ticket')?.value;
  if (!ticket) throw new Error(`sign-in failed: ${res.body}`);
  return `ticket=${ticket}`;
}

/** A tourist session through the real call: the tourist of `code` (a new one by default). */
async function touristSession(code = rng.touristCode()): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/login',
    payload: { type: 0, code },
    remoteAddress: freshAddress(),
  });
  return ticketOf(login);
}

/**
 * Signs in again through the real calls, after a call ended the session: the same tourist
 * (a new one when it was removed), or by email as the next admin.
 */
async function signIn(kind: 'tourist' | 'email'): Promise<void> {
  if (kind === 'tourist') {
    sessions.tourist = await touristSession(touristCodeInUse).catch(() => {
      touristCodeInUse = rng.touristCode();
      return touristSession(touristCodeInUse);
    });
    return;
  }
  const remoteAddress = freshAddress();
  const email = ADMIN_EMAILS[emailsUsed++ % ADMIN_EMAILS.length]!;
  const start = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/login/email/start',
    payload: { email },
    remoteAddress,
  });
  // The browser's cookies (the code is bound to the browser that asked for it).
  const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const code = /\b(\d{6})\b/.exec(outbox.list().find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
  const verified = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/login/email/verify',
    payload: { email, code },
    headers: { cookie },
    remoteAddress,
  });
  const token = verified.json<{ data: { access_token?: string } | null }>().data?.access_token;
  if (!token) throw new Error(`email sign-in failed: ${start.body} ${verified.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/login',
    payload: { type: 4, code: token },
    headers: { cookie },
    remoteAddress,
  });
  sessions.email = ticketOf(login);
}

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${REQUESTS} requests`);
  // Every route under /cgi-bin, so a new one is fuzzed without a word here; HEAD is a GET's twin.
  routes = t.app.routeList.filter((r) => r.url.startsWith('/cgi-bin') && r.method !== 'HEAD');
  const tourist = await loginTourist(t.app, rng.touristCode());
  sessions.tourist = tourist.cookie;
  touristCodeInUse = tourist.code;
  await signIn('email');
  avatarPng = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#6a8' } })
    .png()
    .toBuffer();
  // A few real rows, so some requests reach them.
  const character = await makeCharacter(t, { cookie: sessions.tourist }, { visibility: 'public' });
  const chat = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/auth/aigc/text',
    headers: { cookie: sessions.tourist },
    payload: { characterId: character.id, content: 'Hello there' },
  });
  const sent = chat.json<{ data: { conversation_id: string } }>().data;
  const list = await t.app.inject({
    method: 'GET',
    url: `/cgi-bin/auth/character_msg/list?conversationId=${sent.conversation_id}`,
    headers: { cookie: sessions.tourist },
  });
  const messages = list.json<{ data: { messages?: { id: number }[] } }>().data.messages ?? [];
  inputs.ids = [character.id, ...messages.map((m) => m.id), 1];
  // A chat picture (issue 22), so the picture calls get a real id to share and list.
  const picture = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/auth/character_msg/picture',
    headers: { cookie: sessions.tourist },
    payload: { conversationId: sent.conversation_id },
  });
  const pictureId = picture.json<{ data: { id?: string } | null }>().data?.id;
  if (!pictureId) throw new Error(`chat picture failed: ${picture.body}`);
  inputs.uuids = [sent.conversation_id, pictureId];
  // An open report, so the admin's queue, actions and log have a real row to work on.
  const reported = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/auth/report/create',
    headers: { cookie: sessions.tourist },
    payload: { target_type: 'character', target_id: character.id, reason: 'other' },
  });
  if (reported.json<{ code: number }>().code !== 0) throw new Error(`report failed: ${reported.body}`);
  const blog = await t.app.inject({ method: 'GET', url: '/cgi-bin/content/blog' });
  const oauth = await t.app.inject({ method: 'GET', url: '/cgi-bin/login/oauth' });
  inputs.pathValues = [
    // Two voices only: each voice's first preview is synthesised, which takes a while.
    ...contract.VOICE_IDS.slice(0, 2),
    ...Object.values(contract.LEGAL_PAGES),
    ...blog
      .json<{ data: { list: { slug: string }[] } }>()
      .data.list.slice(0, 3)
      .map((article) => article.slug),
    ...oauth.json<{ data: { providers: string[] } }>().data.providers,
    'google',
  ];
  inputs.strings = [
    rng.touristCode(),
    ...contract.VOICE_IDS.slice(0, 2),
    'wav',
    'mp3',
    'faceswap',
    'true',
    '1',
    // Report targets are ids written as text.
    String(character.id),
    ...messages.map((m) => String(m.id)),
  ];
}, 120_000);

describe('the route list', () => {
  it('is what Fastify has: every /cgi-bin route, each one findable', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) expect(t.app.hasRoute(route), `${route.method} ${route.url}`).toBe(true);
    expect(routes).toContainEqual({ method: 'POST', url: '/cgi-bin/login' });
    expect(routes).toContainEqual({ method: 'GET', url: '/cgi-bin/share/:id' });
    expect(routes).toContainEqual({ method: 'POST', url: '/cgi-bin/auth/character/create' });
    expect(routes).toContainEqual({ method: 'POST', url: '/cgi-bin/auth/report/create' });
    for (const url of [
      '/cgi-bin/admin/report/list',
      '/cgi-bin/admin/report/log',
      '/cgi-bin/admin/safety/counts',
    ])
      expect(routes).toContainEqual({ method: 'GET', url });
    expect(routes).toContainEqual({ method: 'POST', url: '/cgi-bin/admin/report/action' });
    // The operator console (issue 23).
    for (const url of ['users', 'user', 'jobs', 'engines', 'log'])
      expect(routes).toContainEqual({ method: 'GET', url: `/cgi-bin/admin/operator/${url}` });
    for (const url of ['credits', 'order/refund', 'ban', 'job'])
      expect(routes).toContainEqual({ method: 'POST', url: `/cgi-bin/admin/operator/${url}` });
  });
});

describe(`fuzzing every /cgi-bin route (seed ${SEED})`, () => {
  it(`answers ${REQUESTS} hostile requests without a 5xx, in the envelope`, async () => {
    const failures: string[] = [];
    const failedRoutes = new Map<string, number>();
    const failedKinds = new Map<string, number>();
    const covered = new Set<string>();
    let fiveHundreds = 0;
    const guides = new Map(routes.map((r) => [r, new RouteGuide(likelyShapes(r.url))]));
    // Calls seen ending the session (logout, account removal): later ones get a session of their own.
    const sessionEnders = new Set<RouteInfo>();
    const started = Date.now();
    for (let i = 0; i < REQUESTS; i++) {
      // Every route in turn, then at random.
      const route = i < routes.length ? routes[i]! : rng.pick(routes);
      covered.add(`${route.method} ${route.url}`);
      const guide = guides.get(route)!;
      // After a first third that learns what each route accepts, mostly those requests with one change.
      const request =
        i > REQUESTS / 3 && guide.successes.length && rng.chance(0.7)
          ? mutatedRequest(rng, inputs, route, rng.pick(guide.successes))
          : makeRequest(rng, inputs, route, guide.suits());
      const { identity } = request;
      const headers = { ...request.headers };
      const signedIn = identity === 'tourist' || identity === 'email';
      // A call seen ending its session (logout, account removal) gets a session of its own.
      const ownSession = signedIn && sessionEnders.has(route);
      if (signedIn) headers.cookie = ownSession ? await touristSession() : sessions[identity];
      if (identity === 'bogus') headers.cookie = rng.pick(BOGUS_TICKETS);
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        // Callers from many networks, so per-network limits do not answer every request.
        remoteAddress: request.remoteAddress,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const answer: Answer = { ...res, path: res.raw.req.url ?? request.url };
      const wrong = problem(request, answer);
      const envelope = envelopeOf(res.body);
      const endedSession = /(^|\n)ticket=;/.test([res.headers['set-cookie'] ?? []].flat().join('\n'));
      if (endedSession) {
        sessionEnders.add(route);
        if (signedIn && !ownSession) await signIn(identity);
      }
      if (wrong) {
        if (res.statusCode >= 500) fiveHundreds++;
        failures.push(`${wrong}: ${describeRequest(request, answer)}`);
        const key = `${route.method} ${route.url}`;
        failedRoutes.set(key, (failedRoutes.get(key) ?? 0) + 1);
        failedKinds.set(wrong, (failedKinds.get(wrong) ?? 0) + 1);
      } else if (res.statusCode === 200 && envelope?.code === 0) {
        inputs.learn(envelope.data);
        if (request.template && !endedSession) {
          for (const shape of request.shapes) guide.worked.add(shape);
          if (guide.successes.length < 20) guide.successes.push(request.template);
        }
      } else if (envelope && !headers['x-locale'] && !headers['accept-language']) {
        for (const pattern of NEEDED_FIELD) {
          const field = pattern.exec(envelope.message)?.[1];
          if (field) guide.needed.add(field);
        }
        for (const field of UNKNOWN_FIELD.exec(envelope.message)?.[1]?.split(', ') ?? [])
          guide.refused.add(field);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const succeeded = [...guides.values()].filter((g) => g.successes.length > 0).length;
    console.log(
      `fuzz: ${REQUESTS} requests over ${covered.size} routes (${succeeded} answered a success) in ` +
        `${seconds} s: ${failures.length} wrong answers, ${fiveHundreds} of them 5xx`,
    );
    if (failures.length && process.env.FUZZ_REPORT) {
      fs.writeFileSync(process.env.FUZZ_REPORT, failures.join('\n\n'));
    }
    if (failures.length) {
      console.log(
        `wrong answers by kind:\n${[...failedKinds].map(([k, n]) => `  ${n}\t${k}`).join('\n')}\n` +
          `wrong answers by route:\n${[...failedRoutes].map(([r, n]) => `  ${n}\t${r}`).join('\n')}\n\n` +
          `first ones (FUZZ_SEED=${SEED}):\n${failures.slice(0, 10).join('\n\n')}`,
      );
    }
    expect(covered.size).toBe(routes.length);
    expect(failures.length, failures.slice(0, 3).join('\n\n')).toBe(0);
  }, 240_000);
});
