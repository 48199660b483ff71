/**
 * The one interface every chat engine implements (OpenAI-compatible backends, the offline demo),
 * so the chat service streams a reply without knowing which backend answers it.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface Sampling {
  temperature: number;
  topP: number;
  maxTokens: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  stop?: string[];
}

/** What the offline demo engine answers from (the character's own fields); real engines ignore it. */
export interface DemoContext {
  charName: string;
  userName: string;
  description: string;
  personality: string;
  scenario: string;
  exampleDialogue: string;
  chatStyle: 'story' | 'dialogue';
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  sampling: Sampling;
  /** The caller going away (browser closed, job cancelled): the engine stops with 'aborted'. */
  signal?: AbortSignal;
  /** Limit on the whole reply, first byte to last; engines also keep their own idle limit. */
  timeoutMs?: number;
  /** Makes sampling repeatable where the backend supports it (OpenAI `seed`; the demo engine). */
  seed?: number;
  demo?: DemoContext;
}

export type ChatChunk =
  | { type: 'delta'; text: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  | { type: 'done'; finishReason: 'stop' | 'length' | 'other' };

/**
 * A conversation's memory (issue 21): what fell out of the model's context, folded by the chat
 * engine into a rolling summary, so a long chat still knows how it began.
 */
export interface SummaryRequest {
  model: string;
  /** The memory so far (the engine's last summary, or what the user wrote there). */
  memory: string;
  /** The turns to fold in, oldest first. */
  turns: { role: 'user' | 'assistant'; content: string }[];
  names: { char: string; user: string };
  /** The longest memory, in characters. */
  maxChars: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * The scene of a picture asked for in a chat (issue 22): what it shows now, from the last turns,
 * in one line the image model reads beside the character's look.
 */
export interface SceneRequest {
  model: string;
  /** The last turns, oldest first. */
  turns: { role: 'user' | 'assistant'; content: string }[];
  names: { char: string; user: string };
  /** The character's look, given to the image model apart (the line need not repeat it). */
  look: string;
  /** The longest line, in characters. */
  maxChars: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ChatEngine {
  readonly id: string;
  /** true for the offline demo engine: the page says so */
  readonly demo: boolean;
  /**
   * Streams one reply: 'delta' chunks, at most one 'usage', then exactly one 'done' last. Failures
   * are thrown as EngineError; stopping the iteration early releases the backend request.
   */
  stream(request: ChatRequest): AsyncIterable<ChatChunk>;
  /**
   * Folds turns into a conversation's memory, for an engine with its own way (the offline demo:
   * extractive). Without it, `summarize()` (summary.ts) asks `stream` with a summary prompt.
   */
  summarize?(request: SummaryRequest): Promise<string>;
  /**
   * The scene line of a picture asked for in a chat (scene.ts): the offline demo's is extractive,
   * a language model's a completion of `sceneMessages`. Without it, `describeScene()` asks
   * `stream` with that prompt.
   */
  describeScene?(request: SceneRequest): Promise<string>;
}
