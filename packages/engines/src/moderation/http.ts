import { request as httpRequest } from 'undici';
import { EngineError } from '../errors';
import { authHeaders, deadline, kindForStatus } from '../image/http';

/** Moderation runs before every chat send: a backend that hangs must not hold the user long. */
export const MODERATION_TIMEOUT_MS = 5_000;

/**
 * An OpenAI-compatible API base, given with or without its version: a bare server
 * (`http://host:8000`, `https://api.openai.com/`) gets `/v1`; a URL with a path is the base as it
 * is (`http://host:8000/v1`, OpenRouter's `/api/v1`, DeepInfra's `/v1/openai`), the way
 * LLM_BASE_URL is taken by the chat engine.
 */
export function apiBase(url: string): string {
  const base = url.replace(/\/+$/, '');
  return new URL(base).pathname.replace(/\/+$/, '') === '' ? `${base}/v1` : base;
}

/**
 * POSTs JSON and answers the parsed JSON, or throws the EngineError the failure means: 401/403
 * (and 404, an unknown model or path) are `config`, 5xx/429 and an unreachable host are
 * `unavailable`, the time limit is `timeout`, the caller's signal is `aborted`, an answer that is
 * not JSON is `protocol`. undici's request, not fetch: cheaper per call, and this runs on every
 * message.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { apiKey?: string | undefined; timeoutMs: number; signal?: AbortSignal | undefined; what: string },
): Promise<unknown> {
  const limit = deadline(options.timeoutMs, options.signal);
  try {
    const response = await httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...authHeaders(options.apiKey),
      },
      body: JSON.stringify(body),
      signal: limit.signal,
      // The deadline above is the limit; undici's own timers would only race it.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    const text = await response.body.text();
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw new EngineError(
        kindForStatus(response.statusCode),
        `${options.what}: HTTP ${response.statusCode} ${text.slice(0, 300)}`,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new EngineError('protocol', `${options.what}: the answer is not JSON`, { cause: err });
    }
  } catch (err) {
    throw limit.failure(err, options.what);
  } finally {
    limit.done();
  }
}

export { isRecord } from '@lumi/contract';
