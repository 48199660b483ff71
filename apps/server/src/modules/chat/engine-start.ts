import type { ChatChunk, ChatEngine, ChatRequest } from '@lumi/engines';

/**
 * One turn of the event loop, for the engine's request to be written to its socket before the
 * database is asked: the embedded database (PGlite) works on this thread and would hold the
 * request back until it is done.
 */
export const letRequestLeave = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A request to the engine under way. */
export interface Started {
  chunks: AsyncIterator<ChatChunk>;
  first: Promise<IteratorResult<ChatChunk>>;
  stop: () => Promise<void>;
}

/** Starts the engine's reply; `stop` cancels it and waits for it to let go. */
export function startEngine(
  engine: ChatEngine,
  request: Omit<ChatRequest, 'signal'>,
  signal: AbortSignal,
): Started {
  const cancel = new AbortController();
  const chunks = engine
    .stream({ ...request, signal: AbortSignal.any([signal, cancel.signal]) })
    [Symbol.asyncIterator]();
  const first = chunks.next();
  first.catch(() => undefined);
  return {
    chunks,
    first,
    stop: async () => {
      cancel.abort();
      await first.catch(() => undefined);
      await chunks.return?.(undefined).catch(() => undefined);
    },
  };
}
