import { EngineError } from '../errors';
import { countTokens } from './tokens';
import { extractiveScene } from './scene';
import { extractiveSummary } from './summary';
import type { ChatChunk, ChatEngine, ChatRequest, DemoContext, SceneRequest, SummaryRequest } from './types';

export interface DemoChatOptions {
  /** Pause between streamed words, so the page shows a reply streaming in (0 in tests). */
  wordDelayMs: number;
}

/** FNV-1a: a small stable hash, so the same conversation always gets the same reply. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick<T>(items: readonly T[], n: number): T {
  return items[n % items.length] as T;
}

const fill = (text: string, ctx: DemoContext) =>
  text.replace(/\{\{char\}\}/gi, ctx.charName).replace(/\{\{user\}\}/gi, ctx.userName);

/**
 * A line of the character in example dialogue: `{{char}}` (or `<BOT>`) then a colon, ASCII `:` or
 * the full-width `：` Chinese and Japanese write (the zh form's placeholder teaches `{{char}}：`;
 * issue 24).
 */
const CHARACTER_LINE = /^\s*(?:\{\{char\}\}|<bot>)\s*[:：]\s*(.+)$/i;

/** The character's own lines in its example dialogue ({{char}}: …), macros filled in. */
function characterLines(ctx: DemoContext): string[] {
  return ctx.exampleDialogue
    .split(/\r?\n/)
    .map((line) => CHARACTER_LINE.exec(line)?.[1]?.trim())
    .filter((line): line is string => Boolean(line))
    .map((line) => fill(line, ctx));
}

/** Sentences of a field, for characters without example dialogue. */
function sentences(text: string): string[] {
  return (text.match(/[^.!?\n]+[.!?]/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.length > 20 && s.length < 220);
}

const GESTURES = [
  'takes a moment with your words',
  'looks at you, thoughtful',
  'leans in a little closer',
  'smiles, just slightly',
  'lets the silence stretch for a beat',
  'meets your eyes and holds them',
];

const ASKS = [
  'Tell me more, {{user}}.',
  'And what do you want to do now, {{user}}?',
  'Go on — I am listening.',
  'So. Where does that leave us?',
  'Your move, {{user}}.',
];

/** The last thing the user said, cut to a short echo. */
function echoOf(messages: ChatRequest['messages']): string {
  const last =
    [...messages]
      .reverse()
      .find((m) => m.role === 'user')
      ?.content.trim() ?? '';
  const firstClause = last.split(/[\n.!?;]/)[0]?.trim() ?? '';
  const words = firstClause.split(/\s+/).filter(Boolean);
  return words.length ? words.slice(0, 8).join(' ') + (words.length > 8 ? '…' : '') : '';
}

function characterReply(ctx: DemoContext, request: ChatRequest, n: number): string {
  const pool = characterLines(ctx);
  const fallback = sentences(`${ctx.personality} ${ctx.description} ${ctx.scenario}`).map((s) =>
    fill(s, ctx),
  );
  const line = pool.length ? pick(pool, n >>> 3) : fallback.length ? `"${pick(fallback, n >>> 3)}"` : '"…"';
  const echo = echoOf(request.messages);
  const ask = fill(pick(ASKS, n >>> 11), ctx);
  const heard = echo ? `"${echo}," ${ctx.charName} repeats. ` : '';
  if (ctx.chatStyle === 'story') {
    return `*${ctx.charName} ${pick(GESTURES, n)}.* ${heard}\n\n${line}\n\n"${ask}"`;
  }
  return `${echo ? `"${echo}"? ` : ''}${line.replace(/\*[^*]*\*\s*/g, '').trim() || line} ${ask}`;
}

function assistantReply(request: ChatRequest): string {
  const echo = echoOf(request.messages);
  return [
    echo ? `You asked: “${echo}”.` : 'Hello!',
    'I am the offline demo engine of this site, so I cannot really answer yet: I only show how a reply streams in.',
    'To get real answers, connect a language model: set LLM_BASE_URL to an OpenAI-compatible server (for example Ollama at http://127.0.0.1:11434/v1, or vLLM, llama.cpp or OpenRouter) and restart.',
  ].join(' ');
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new EngineError('aborted', 'chat cancelled'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new EngineError('aborted', 'chat cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The embedded default when no language model is configured: answers in character from the
 * character's own fields (its example lines, personality, description), deterministic for a
 * given conversation and seed, streamed word by word. It does not understand anything, and the
 * chat page says so; it lets the whole chat flow run offline.
 */
export class DemoChatEngine implements ChatEngine {
  readonly id = 'demo';
  readonly demo = true;

  constructor(private readonly options: DemoChatOptions) {}

  async *stream(request: ChatRequest): AsyncGenerator<ChatChunk> {
    const key = request.messages.map((m) => `${m.role}:${m.content}`).join('\n');
    const n = hash(`${request.seed ?? 0}|${key}`);
    const full = request.demo ? characterReply(request.demo, request, n) : assistantReply(request);
    const words = full.match(/\s*\S+/g) ?? [];
    const limit = Math.max(1, Math.floor(request.sampling.maxTokens * 0.75));
    const kept = words.slice(0, limit);
    for (const [i, word] of kept.entries()) {
      if (this.options.wordDelayMs > 0 && i > 0) await wait(this.options.wordDelayMs, request.signal);
      else if (request.signal?.aborted) throw new EngineError('aborted', 'chat cancelled');
      yield { type: 'delta', text: word };
    }
    yield {
      type: 'usage',
      promptTokens: countTokens(key),
      completionTokens: countTokens(kept.join('')),
    };
    yield { type: 'done', finishReason: kept.length < words.length ? 'length' : 'stop' };
  }

  /** The memory without a model: one line a turn, the plainest dropped first (extractive). */
  summarize(request: SummaryRequest): Promise<string> {
    return Promise.resolve(extractiveSummary(request));
  }

  /** A picture's scene without a model: the newest narration, or the newest reply's first sentence. */
  describeScene(request: SceneRequest): Promise<string> {
    return Promise.resolve(extractiveScene(request));
  }
}
