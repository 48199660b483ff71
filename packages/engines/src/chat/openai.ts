import { readEvents } from '@lumi/contract';
import { request as httpRequest, type Dispatcher } from 'undici';
import { EngineError, isEngineError, type EngineErrorKind } from '../errors';
import { sceneFromCompletion } from './scene';
import type { ChatChunk, ChatEngine, ChatRequest, SceneRequest } from './types';

export interface OpenAICompatibleOptions {
  /** The API base, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://openrouter.ai/api/v1. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | undefined;
  /** Limit on one whole reply unless the request gives its own. */
  timeoutMs: number;
  /** Limit on the silence between two chunks (and before the first). */
  idleTimeoutMs?: number;
}

/** The subset of a chat.completion.chunk (or a non-streamed chat.completion) that is read. */
interface CompletionChunk {
  choices?: {
    delta?: { content?: string | null };
    message?: { content?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string; code?: number | string; type?: string } | string;
}

function kindForStatus(status: number): EngineErrorKind {
  if (status === 401 || status === 403 || status === 404) return 'config';
  if (status === 408 || status === 429 || status >= 500) return 'unavailable';
  return 'rejected';
}

function errorMessage(error: CompletionChunk['error']): string {
  if (typeof error === 'string') return error;
  return error?.message ?? 'backend error';
}

async function readError(body: Dispatcher.ResponseData['body']): Promise<string> {
  const text = await body.text().catch(() => '');
  try {
    return errorMessage((JSON.parse(text) as CompletionChunk).error) || text.slice(0, 300);
  } catch {
    return text.slice(0, 300) || 'no details';
  }
}

const finish = (reason: string | null | undefined): 'stop' | 'length' | 'other' =>
  reason === 'stop' || reason === 'length' ? reason : 'other';

/**
 * OpenAI-compatible chat completions (`POST {base}/chat/completions`, `stream: true`): vLLM,
 * llama.cpp server, Ollama, LM Studio, OpenRouter and the like. Reads SSE `data:` chunks up to
 * `[DONE]`, with the optional usage chunk (`stream_options.include_usage`) and comment lines;
 * an `error` object mid-stream, a non-2xx answer, a timeout or the caller leaving become typed
 * EngineErrors. A backend that ignores `stream` and answers one JSON completion is accepted too.
 */
export class OpenAICompatibleEngine implements ChatEngine {
  readonly id = 'openai';
  readonly demo = false;

  constructor(private readonly options: OpenAICompatibleOptions) {}

  async *stream(request: ChatRequest): AsyncGenerator<ChatChunk> {
    const controller = new AbortController();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const idleMs = this.options.idleTimeoutMs ?? timeoutMs;
    let reason: 'timeout' | 'aborted' | undefined;
    const stop = (why: 'timeout' | 'aborted') => {
      reason ??= why;
      controller.abort();
    };
    const total = setTimeout(() => stop('timeout'), timeoutMs);
    let idle = setTimeout(() => stop('timeout'), idleMs);
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => stop('timeout'), idleMs);
    };
    const onAbort = () => stop('aborted');
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });

    const { sampling } = request;
    const body = {
      model: request.model,
      messages: request.messages,
      stream: true,
      stream_options: { include_usage: true },
      temperature: sampling.temperature,
      top_p: sampling.topP,
      max_tokens: sampling.maxTokens,
      ...(sampling.frequencyPenalty !== undefined ? { frequency_penalty: sampling.frequencyPenalty } : {}),
      ...(sampling.presencePenalty !== undefined ? { presence_penalty: sampling.presencePenalty } : {}),
      ...(sampling.stop?.length ? { stop: sampling.stop } : {}),
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
    };

    try {
      // undici's request, not fetch: the same pooled keep-alive connections at a fraction of
      // the cost per call, which shows in the time to the first token.
      let response: Dispatcher.ResponseData;
      try {
        response = await httpRequest(`${this.options.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: controller.signal,
          // The timers above give the limits; undici's own would only race them.
          headersTimeout: 0,
          bodyTimeout: 0,
        });
      } catch (err) {
        throw new EngineError(
          reason ?? 'unavailable',
          reason ? `chat backend ${reason}` : 'chat backend unreachable',
          {
            cause: err,
          },
        );
      }
      const { statusCode } = response;
      if (statusCode < 200 || statusCode > 299) {
        throw new EngineError(
          kindForStatus(statusCode),
          `chat backend answered ${statusCode}: ${await readError(response.body)}`,
        );
      }
      touch();

      const contentType = response.headers['content-type'];
      const type = (Array.isArray(contentType) ? contentType[0] : contentType) ?? '';
      if (!type.includes('text/event-stream')) {
        yield* this.whole(response.body);
        return;
      }

      let finishReason: string | null | undefined;
      let sawDone = false;
      for await (const event of readEvents(response.body)) {
        touch();
        const data = event.data.trim();
        if (data === '[DONE]') {
          sawDone = true;
          break;
        }
        if (!data) continue;
        let chunk: CompletionChunk;
        try {
          chunk = JSON.parse(data) as CompletionChunk;
        } catch (err) {
          throw new EngineError('protocol', 'chat backend sent a chunk that is not JSON', { cause: err });
        }
        if (chunk.error)
          throw new EngineError(
            'unavailable',
            `chat backend failed mid-stream: ${errorMessage(chunk.error)}`,
          );
        const choice = chunk.choices?.[0];
        const text = choice?.delta?.content;
        if (text) yield { type: 'delta', text };
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) {
          yield {
            type: 'usage',
            promptTokens: chunk.usage.prompt_tokens ?? 0,
            completionTokens: chunk.usage.completion_tokens ?? 0,
          };
        }
      }
      if (!sawDone && !finishReason) {
        throw new EngineError(
          reason ?? 'protocol',
          reason ? `chat backend ${reason}` : 'chat stream ended early',
        );
      }
      yield { type: 'done', finishReason: finish(finishReason) };
    } catch (err) {
      if (isEngineError(err)) throw err;
      // A read that failed because we aborted it (timeout, caller gone) says why.
      throw new EngineError(
        reason ?? 'unavailable',
        reason ? `chat backend ${reason}` : 'chat stream broke',
        {
          cause: err,
        },
      );
    } finally {
      clearTimeout(total);
      clearTimeout(idle);
      request.signal?.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }

  /** A picture's scene line (issue 22): the model writes it from the last turns (scene.ts). */
  describeScene(request: SceneRequest): Promise<string> {
    return sceneFromCompletion(this, request);
  }

  /** A backend that answered one JSON completion instead of a stream. */
  private async *whole(body: Dispatcher.ResponseData['body']): AsyncGenerator<ChatChunk> {
    let completion: CompletionChunk;
    try {
      completion = (await body.json()) as CompletionChunk;
    } catch (err) {
      throw new EngineError('protocol', 'chat backend answered neither a stream nor JSON', { cause: err });
    }
    if (completion.error) throw new EngineError('unavailable', errorMessage(completion.error));
    const choice = completion.choices?.[0];
    if (!choice) throw new EngineError('protocol', 'chat backend answered no choice');
    const text = choice.message?.content ?? '';
    if (text) yield { type: 'delta', text };
    if (completion.usage) {
      yield {
        type: 'usage',
        promptTokens: completion.usage.prompt_tokens ?? 0,
        completionTokens: completion.usage.completion_tokens ?? 0,
      };
    }
    yield { type: 'done', finishReason: finish(choice.finish_reason) };
  }
}
