import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EngineError } from '../errors';
import type { ModerationContext, ModerationEngine } from './types';

export const chat: ModerationContext = { surface: 'chat', adult: false };
export const text = (t: string) => ({ kind: 'text' as const, text: t });

/** The EngineError a promise fails with (the test fails if it does not). */
export async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

/**
 * What every moderation backend on an HTTP server does the same way, against its stand-in
 * server: a wrong key is a configuration error that says 401, the time limit stops the wait,
 * and a caller that goes away closes the request. The stand-in answers 'What a lovely evening
 * by the sea.' (only with the right key), keeps 'A slow answer.' waiting and records in `closed`
 * the texts whose request was closed.
 */
export function itFailsLikeEveryHttpBackend(
  engine: (options?: { apiKey?: string; timeoutMs?: number }) => ModerationEngine,
  closed: string[],
): void {
  it('reports a wrong key as a configuration error', async () => {
    const error = await failure(
      engine({ apiKey: 'sk-wrong' }).check(text('What a lovely evening by the sea.'), chat),
    );
    expect(error.kind).toBe('config');
    expect(error.message).toContain('401');
  });

  it('stops waiting at its time limit', async () => {
    const started = Date.now();
    const error = await failure(engine({ timeoutMs: 200 }).check(text('A slow answer.'), chat));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('stops when the caller goes away, closing the request', async () => {
    closed.length = 0;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(
      engine().check(text('A slow answer.'), { ...chat, signal: controller.signal }),
    );
    expect(error.kind).toBe('aborted');
    await expect.poll(() => closed).toContain('A slow answer.');
  });
}

/** A request the stand-in server got. */
export interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** What a stand-in's handler gets: the request, its JSON body, and how to answer. */
export interface StandInCall {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  body: Record<string, unknown>;
  /** Answers JSON with a status (nothing once the caller has gone). */
  json: (status: number, value: unknown) => void;
  /** Holds the answer `ms` long, recording `name` in `closed` if the caller closes meanwhile. */
  hold: (name: string, ms: number) => Promise<void>;
}

/**
 * A local server standing in for a backend's API, for this test file (started before its tests,
 * closed after): every request's JSON body is read and recorded in `seen`, then `handle` answers.
 */
export function standIn(handle: (call: StandInCall) => unknown): {
  readonly base: string;
  seen: Seen[];
  closed: string[];
} {
  const seen: Seen[] = [];
  const closed: string[] = [];
  let server: http.Server | undefined;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
        seen.push({ url: req.url ?? '', headers: req.headers, body });
        const json = (status: number, value: unknown) => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        const hold = (name: string, ms: number) => {
          req.socket.on('close', () => closed.push(name));
          return new Promise<void>((resolve) => setTimeout(resolve, ms));
        };
        void (async () => handle({ req, res, body, json, hold }))();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return {
    get base() {
      return base;
    },
    seen,
    closed,
  };
}
