import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  TOURIST_CODE_ALPHABET,
  TOURIST_CODE_LENGTH,
  type CharacterDetail,
  type CreditRemain,
  type Locale,
  type MessageFileKey,
  type MessageKey,
} from '@lumi/contract';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import type { Clock } from '../src/lib/clock';
import type { Mailer } from '../src/lib/mailer';
import { solidImage } from './files';
import { DemoChatEngine, type ChatEngine, type ChatMessage, type ImageEngine } from '@lumi/engines';

/** The answer envelope of every call, its `data` read as the call's success answer. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** The PostgreSQL server to test against, when the run sets one (CI's second pass). */
export const TEST_DATABASE_URL = process.env.DATABASE_URL;

/**
 * The migrated empty PGlite every test database copies, made once per test worker (the
 * integration tests share their workers' modules: vitest.config.ts). A copy opens in about
 * 0.4 s where initdb and the migrations take 1.5 s, and a test file opens several.
 */
let pgliteTemplate: Promise<Blob> | undefined;
function migratedTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const database = await openDatabase({});
    try {
      return await database.dump!();
    } finally {
      await database.close();
    }
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated database of its own for one test: in-memory PGlite by default (a copy of
 * the migrated template), or a throwaway database on the PostgreSQL server of DATABASE_URL,
 * dropped on close. Test files run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(): Promise<Database> {
  if (!TEST_DATABASE_URL) return openDatabase({ pgliteFrom: await migratedTemplate() });
  const throwaway = await createThrowawayDatabase(TEST_DATABASE_URL, 'lumi_test');
  const database = await openDatabase({ url: throwaway.url, poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

/**
 * An empty database of its own on the PostgreSQL server of `serverUrl`, named `<prefix>_<random>`:
 * its URL, and `drop` to remove it with whatever is still connected to it.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(sql).finally(() => admin.end());
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Every test's requests come from 127.0.0.1, so the per-network limits (new tourists, their
 * credits pool, request rates) are lifted here; the tests of those limits
 * (test/limits.int.test.ts) set them back to the defaults with `REAL_LIMITS`.
 */
export const LIFTED_LIMITS = {
  RATE_LIMIT_SCALE: '1000',
  TOURISTS_PER_NETWORK_HOUR: '1000000',
  TOURISTS_PER_NETWORK_DAY: '1000000',
  TOURIST_CREDITS_PER_NETWORK_DAY: '1000000000',
} as const;

/** The configuration's own defaults for the limits that LIFTED_LIMITS lifts. */
export const REAL_LIMITS: Record<keyof typeof LIFTED_LIMITS, string> = {
  RATE_LIMIT_SCALE: '',
  TOURISTS_PER_NETWORK_HOUR: '',
  TOURISTS_PER_NETWORK_DAY: '',
  TOURIST_CREDITS_PER_NETWORK_DAY: '',
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SEED_CHARACTERS: 'false',
    DEMO_WORD_DELAY_MS: '0',
    // The nsfwjs model (115 MB, 0.4 s to load) only where a test asks for a classifier
    // (AppDeps.moderation.image): the real one, or test/fake-moderation.ts.
    MODERATION_IMAGES: 'off',
    ...LIFTED_LIMITS,
    ...env,
  });
}

export interface TestApp {
  app: App;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** A chat engine instead of the configured one. */
  chatEngine?: ChatEngine;
  /** Where mail goes instead of the configured mailer. */
  mailer?: Mailer;
  /** An image engine instead of the configured one. */
  imageEngine?: ImageEngine;
  /** Moderation backends (after the offline floor) instead of the configured ones. */
  moderation?: AppDeps['moderation'];
  /** Pino options instead of none (a test that reads the logs gives a stream). */
  logger?: AppDeps['logger'];
  /** Runs after buildApp and before ready: the place to add test-only routes or hooks. */
  beforeReady?: (app: App) => void | Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Files of this app (avatars) go to a directory of its own, removed on close.
  const dataDir = options.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-test-'));
  const ownsDataDir = !options.env?.DATA_DIR;
  let app: App | undefined;
  try {
    app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, ...options.env }),
      database,
      logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.chatEngine ? { chatEngine: options.chatEngine } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.imageEngine ? { imageEngine: options.imageEngine } : {}),
      ...(options.moderation ? { moderation: options.moderation } : {}),
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database.close();
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const ready = app;
  return {
    app: ready,
    database,
    dataDir,
    async close() {
      await ready.close();
      await database.close();
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of a file or a describe block: built in a beforeAll hook and closed in an
 * afterAll one, where the call stands. Read its fields in the tests and the hooks after it (they
 * throw before the app is built). `options` may be a function, for what an earlier beforeAll
 * made (a mail server's address, a temporary directory).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let built: TestApp | undefined;
  const current = (): TestApp => {
    if (!built)
      throw new Error('useTestApp: the app is built in beforeAll; read it in a test or a later hook');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get dataDir() {
      return current().dataDir;
    },
    close: () => current().close(),
  };
}

/** A second app for one test: built, handed to `use`, and closed whatever `use` does. */
export async function withTestApp<T>(options: TestAppOptions, use: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await createTestApp(options);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}

/** The files of a built web site (WEB_DIST_DIR), by their path in the build: `assets/app-1.js`. */
export type WebDistFiles = Record<string, string | Uint8Array>;

/** Writes a built web site into a new temporary directory; answers the directory. */
export async function writeWebDist(files: WebDistFiles, prefix = 'lumi-web-dist-'): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) {
    await fs.promises.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), content);
  }
  return dir;
}

/** A built web site for one test (`writeWebDist`): handed to `use`, removed whatever `use` does. */
export async function withWebDist<T>(files: WebDistFiles, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await writeWebDist(files);
  try {
    return await use(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A built web site for the tests of a file or a describe block (`writeWebDist`), removed in
 * afterAll. Called before useTestApp, the app that serves it is closed before it goes.
 */
export function useWebDist(files: WebDistFiles, prefix?: string): { readonly dir: string } {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await writeWebDist(files, prefix);
  });
  afterAll(async () => {
    if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      if (!dir) throw new Error('useWebDist: the site is written in beforeAll');
      return dir;
    },
  };
}

/**
 * The offline demo chat engine (free replies, its own extractive memory), recording the prompt
 * of every reply it is asked for (memory folds are not replies: they go to `summarize`).
 */
export function recordingDemoEngine(): { engine: ChatEngine; prompts: ChatMessage[][] } {
  const demo = new DemoChatEngine({ wordDelayMs: 0 });
  const prompts: ChatMessage[][] = [];
  const engine: ChatEngine = {
    id: 'demo',
    demo: true,
    stream: (request) => {
      prompts.push(request.messages);
      return demo.stream(request);
    },
    summarize: (request) => demo.summarize(request),
  };
  return { engine, prompts };
}

/**
 * A paid chat engine (not the demo) that answers each reply with `reply(n)`, n counting from 1,
 * recording the system prompt (the first message) of every request it gets.
 */
export function systemRecordingEngine(reply: (n: number) => string): {
  engine: ChatEngine;
  systems: string[];
} {
  const systems: string[] = [];
  const engine: ChatEngine = {
    id: 'echo',
    demo: false,
    async *stream(request) {
      systems.push(request.messages[0]?.content ?? '');
      yield { type: 'delta', text: reply(systems.length) };
      yield { type: 'done', finishReason: 'stop' };
    },
  };
  return { engine, systems };
}

export function touristCode(): string {
  const bytes = randomBytes(TOURIST_CODE_LENGTH);
  return Array.from(bytes, (b) => TOURIST_CODE_ALPHABET[b % TOURIST_CODE_ALPHABET.length]).join('');
}

/** Logs in a new tourist through the real call; returns the cookie header to send. */
export async function loginTourist(app: App, code = touristCode()) {
  const res = await app.inject({
    method: 'POST',
    url: '/cgi-bin/login',
    payload: `type=0&code=${code}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const body = res.json<{ code: number; data: { uid: string; ticket: string } }>();
  if (body.code !== 0) throw new Error(`login failed: ${res.body}`);
  return {
    uid: body.data.uid,
    ticket: body.data.ticket,
    cookie: `ticket=${body.data.ticket}; uid=${body.data.uid}`,
    code,
  };
}

/** A tourist signed in through the real call (loginTourist). */
export type Tourist = Awaited<ReturnType<typeof loginTourist>>;

/**
 * The tourists of a file or a describe block, one a name, signed in (loginTourist) in a
 * beforeAll after the app's: `const { alice, bob } = useTourists(t, 'alice', 'bob')`. Each object
 * is filled in then: read its fields in the tests and the hooks after it.
 */
export function useTourists<const N extends string>(t: TestApp, ...names: N[]): Record<N, Tourist> {
  const tourists = Object.fromEntries(names.map((name) => [name, {}])) as Record<N, Tourist>;
  beforeAll(async () => {
    for (const name of names) Object.assign(tourists[name], await loginTourist(t.app));
  });
  return tourists;
}

/** Rows in the tables a login writes: compare before and after a refused call. */
export async function rowCounts(database: Database): Promise<{ users: number; sessions: number }> {
  const [u] = await database.db.select({ n: count() }).from(users);
  const [s] = await database.db.select({ n: count() }).from(sessions);
  return { users: Number(u?.n ?? NaN), sessions: Number(s?.n ?? NaN) };
}

const MESSAGES_DIR = fileURLToPath(new URL('../../../packages/contract/src/messages/', import.meta.url));

/** A locale's server messages as the JSON file on disk says them (not through the code under test). */
/**
 * A messages file: each message, and the plural forms (`code_wrong_one`…) of those with a number
 * (PLURAL_MESSAGE_KEYS), whose plain key is not in the file.
 */
type MessagesFile = Record<MessageKey, string> & Partial<Record<MessageFileKey, string>>;

export function messagesFile(locale: Locale): MessagesFile {
  return JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8')) as MessagesFile;
}

/** The events of a text/event-stream body (a streamed chat reply), each with its parsed data. */
export function parseSse(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>,
    }));
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' } as const;

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer | Uint8Array;
}

/** A form's fields: text, files, or left out (undefined). */
export type MultipartFields = Record<string, string | FilePart | undefined>;

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(fields: MultipartFields): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----lumi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        Buffer.from(value.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * One call as the web app makes it: `payload` sent as JSON (a POST's body), the caller's cookie
 * (null or undefined: none) and any other headers.
 */
export function callAs(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  cookie: string | null | undefined,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** An answer's envelope, the test failed first where the server failed (a 5xx). */
export function envelopeOf<T = unknown>(
  res: { statusCode: number; body: string; json<J>(): J },
  what = '',
): Envelope<T> {
  expect(res.statusCode, what ? `${what}: ${res.body}` : res.body).toBeLessThan(500);
  return res.json<Envelope<T>>();
}

/**
 * The calls of a test file under `prefix` (`/cgi-bin/auth`, or `/cgi-bin`), through `t`'s app as
 * it is when called (useTestApp's): `call(method, url, who, payload, headers)` sends one as `who`
 * (null: signed out, callAs) and answers its envelope (envelopeOf).
 */
export function envelopeCaller(t: { readonly app: App }, prefix = '/cgi-bin/auth') {
  return async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    who: { cookie: string } | null,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<Envelope<T>> =>
    envelopeOf<T>(
      await callAs(t.app, method, `${prefix}${url}`, who?.cookie, payload, headers),
      `${method} ${url}`,
    );
}

/** POSTs a multipart form (`multipart`) with the caller's cookie, and any other headers. */
export function postMultipart(
  app: App,
  url: string,
  cookie: string,
  fields: MultipartFields,
  headers: Record<string, string> = {},
) {
  const body = multipart(fields);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, cookie, ...headers },
    payload: body.payload,
  });
}

/** The caller's credit balance, as GET /cgi-bin/auth/credit/remain answers it. */
export async function creditsLeft(app: App, cookie: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/cgi-bin/auth/credit/remain', headers: { cookie } });
  return res.json<Envelope<CreditRemain>>().data.remain;
}

/**
 * A private character made by `who` through character/create, with an avatar and the fields a
 * chat uses (greeting, an alternate greeting, example dialogue); `over` replaces any field.
 */
export async function makeCharacter(
  t: TestApp,
  who: { cookie: string },
  over: MultipartFields = {},
): Promise<CharacterDetail> {
  const head = await solidImage(300, 400, '#a66');
  const body = multipart({
    head: { filename: 'a.png', contentType: 'image/png', data: head },
    name: 'Mira Solano',
    desc: 'A 29-year-old lighthouse keeper who collects stories from passing ships.',
    personality: 'Warm, curious, dry humour.',
    first_message: '*She looks up from her logbook.* Another storm, another visitor. Tea?',
    alternate_greetings: JSON.stringify(['*The lamp turns.* You made it up all those stairs?']),
    example_dialogue: '<START>\n{{user}}: Any ships tonight?\n{{char}}: Three. The last one is late.',
    visibility: 'private',
    ...over,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/auth/character/create',
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
  });
  const env = res.json<{ code: number; message: string; data: CharacterDetail }>();
  if (env.code !== 0) throw new Error(`character/create failed: ${env.message}`);
  return env.data;
}

/**
 * A character of a file or a describe block, made by `who` (makeCharacter, `over` its fields) in a
 * beforeAll; like useTourists', the object is filled in then.
 */
export function useCharacter(t: TestApp, who: { cookie: string }, over: Record<string, string> = {}) {
  const character = {} as CharacterDetail;
  beforeAll(async () => {
    Object.assign(character, await makeCharacter(t, who, over));
  });
  return character;
}

/**
 * Signs in through the real email-code calls, reading the code from the outbox the app was
 * given; answers the session cookie and the user id.
 */
export async function signInByEmail(
  t: TestApp,
  outbox: { list(): readonly { to: string; text: string }[] },
  email: string,
): Promise<{ cookie: string; uid: string }> {
  const start = await t.app.inject({ method: 'POST', url: '/cgi-bin/login/email/start', payload: { email } });
  const binding = start.cookies.find((c) => c.name === 'login_binding')?.value ?? '';
  const code = /\b(\d{6})\b/.exec(outbox.list().find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
  const verified = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/login/email/verify',
    payload: { email, code },
    headers: { cookie: `login_binding=${binding}` },
  });
  const token = verified.json<{ data: { access_token: string } }>().data.access_token;
  const login = await t.app.inject({
    method: 'POST',
    url: '/cgi-bin/login',
    payload: `type=4&code=${token}`,
    headers: { ...FORM_HEADERS, cookie: `login_binding=${binding}` },
  });
  const data = login.json<{ code: number; message: string; data: { ticket: string; uid: string } }>();
  if (data.code !== 0) throw new Error(`sign-in failed: ${data.message}`);
  return { cookie: `ticket=${data.data.ticket}`, uid: data.data.uid };
}

/**
 * What a test's own route under /cgi-bin declares (the server refuses one without a schema,
 * plugins/openapi.ts): any answer, kept out of the OpenAPI document.
 */
export const TEST_ROUTE = { schema: { hide: true, response: { 200: z.unknown() } } };
