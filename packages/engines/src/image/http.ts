import { isPng } from '@lumi/contract';
import { EngineError, isEngineError, type EngineErrorKind } from '../errors';

/** The kind of failure an HTTP status means, for every image and speech backend. */
export function kindForStatus(status: number): EngineErrorKind {
  if (status === 401 || status === 403 || status === 404) return 'config';
  if (status === 408 || status === 429 || status >= 500) return 'unavailable';
  return 'rejected';
}

/**
 * A time limit joined to the caller's signal: `signal` aborts on either, and `failure(err)`
 * turns what was thrown into the EngineError it means (timeout, aborted, unreachable).
 */
export function deadline(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let reason: 'timeout' | 'aborted' | undefined;
  const timer = setTimeout(() => {
    reason ??= 'timeout';
    controller.abort();
  }, timeoutMs);
  const onAbort = () => {
    reason ??= 'aborted';
    controller.abort();
  };
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
    failure(err: unknown, what: string): EngineError {
      if (isEngineError(err)) return err;
      if (reason === 'timeout')
        return new EngineError('timeout', `${what}: no answer within ${timeoutMs} ms`);
      if (reason === 'aborted') return new EngineError('aborted', `${what}: stopped`);
      return new EngineError('unavailable', `${what}: ${(err as Error).message}`, { cause: err });
    },
  };
}

/** JSON from a backend, or the typed error its status and body mean. */
export async function fetchJson<T>(
  url: string,
  init: RequestInit & { signal: AbortSignal },
  what: string,
): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    throw new EngineError(
      kindForStatus(response.status),
      `${what}: HTTP ${response.status} ${text.slice(0, 300)}`,
    );
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EngineError('protocol', `${what}: the answer is not JSON`);
  }
}

export function authHeaders(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** The kind of picture bytes are, from their first bytes; undefined for anything else. */
export function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  if (isPng(bytes)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length > 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

export function decodeImage(base64: string, what: string) {
  const bytes = Buffer.from(base64.replace(/^data:image\/\w+;base64,/, ''), 'base64');
  const mime = sniffImage(bytes);
  if (!mime) throw new EngineError('protocol', `${what}: an image that is not PNG, JPEG or WEBP`);
  return { bytes, mime };
}
