import { expect, it } from 'vitest';
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
