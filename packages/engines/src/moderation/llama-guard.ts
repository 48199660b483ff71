import { EngineError } from '../errors';
import { MODERATION_TIMEOUT_MS, apiBase, isRecord, postJson } from './http';
import {
  ALLOWED,
  decide,
  type ModerationCategory,
  type ModerationContext,
  type ModerationEngine,
  type ModerationInput,
  type ModerationResult,
} from './types';

export interface LlamaGuardOptions {
  /** The chat server, with or without /v1 (vLLM, llama.cpp server, Ollama, OpenRouter...). */
  baseUrl: string;
  apiKey?: string | undefined;
  /** The Llama Guard model's name on that server, e.g. `meta-llama/Llama-Guard-3-8B`. */
  model: string;
  timeoutMs?: number;
}

/**
 * Llama Guard 3 and 4 hazard codes (MLCommons taxonomy) as our categories. Codes without one here
 * (S5 defamation, S6 specialized advice, S7 privacy, S8 IP, S13 elections, S14 code interpreter
 * abuse) are unsafe for Llama Guard but not acted on by this site.
 */
const CODES: Record<string, readonly ModerationCategory[]> = {
  S1: ['violence'], // violent crimes
  S2: ['illicit'], // non-violent crimes
  S3: ['illicit', 'sexual'], // sex-related crimes
  S4: ['sexual/minors'], // child sexual exploitation
  S9: ['violence'], // indiscriminate weapons
  S10: ['hate'],
  S11: ['self-harm'], // suicide and self-harm
  S12: ['sexual'], // sexual content
};

/** `safe`, or `unsafe` and its codes (`S1,S11`); undefined when the answer is neither. */
export function parseLlamaGuard(
  answer: string,
): { safe: true } | { safe: false; codes: string[] } | undefined {
  const lines = answer
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines[0]?.toLowerCase();
  if (first === 'safe') return { safe: true };
  if (first !== 'unsafe') return undefined;
  const codes = (lines[1] ?? '')
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase());
  // Llama Guard 2's O1..O6 mean other things; anything but S-codes is not an answer we can read.
  if (codes.length === 0 || !codes.every((c) => /^S\d{1,2}$/.test(c))) return undefined;
  return { safe: false, codes };
}

/**
 * A Llama Guard style classifier served by any OpenAI-compatible chat server: `POST
 * /v1/chat/completions` with the conversation to judge; the server's chat template for the model
 * turns it into Llama Guard's classification prompt, and the model answers `safe`, or `unsafe`
 * and the hazard codes on the next line. A user's text is judged as the user's turn; a reply as
 * the assistant's turn after the message it answers.
 */
export class LlamaGuardEngine implements ModerationEngine {
  readonly id = 'llama-guard';
  readonly accepts = ['text'] as const;
  private readonly url: string;

  constructor(private readonly options: LlamaGuardOptions) {
    this.url = `${apiBase(options.baseUrl)}/chat/completions`;
  }

  async check(input: ModerationInput, context: ModerationContext): Promise<ModerationResult> {
    if (input.kind !== 'text') throw new EngineError('config', 'llama guard: checks text only');
    const messages =
      context.surface === 'reply'
        ? [
            { role: 'user', content: context.prompt ?? '' },
            { role: 'assistant', content: input.text },
          ]
        : [{ role: 'user', content: input.text }];
    const answer = await postJson(
      this.url,
      // The answer is two short lines; a few more tokens for servers that add spaces or a newline.
      { model: this.options.model, messages, temperature: 0, max_tokens: 20, stream: false },
      {
        apiKey: this.options.apiKey,
        timeoutMs: this.options.timeoutMs ?? MODERATION_TIMEOUT_MS,
        signal: context.signal,
        what: 'llama guard',
      },
    );
    const choice =
      isRecord(answer) && Array.isArray(answer.choices) ? (answer.choices[0] as unknown) : undefined;
    const content = isRecord(choice) && isRecord(choice.message) ? choice.message.content : undefined;
    if (typeof content !== 'string') {
      throw new EngineError('protocol', 'llama guard: the answer has no choices[0].message.content');
    }
    const parsed = parseLlamaGuard(content);
    if (!parsed) {
      throw new EngineError(
        'protocol',
        `llama guard: "${content.slice(0, 80)}" is neither safe nor unsafe and S-codes`,
      );
    }
    if (parsed.safe) return ALLOWED(this.id);

    const categories = [...new Set(parsed.codes.flatMap((code) => CODES[code] ?? []))];
    return {
      // The model encouraging or explaining self-harm is refused; a user writing about it gets help.
      ...decide(categories, { refuseSelfHarm: context.surface === 'reply' }),
      // Llama Guard gives no probability: a hazard it names is certain for us.
      score: categories.length > 0 ? 1 : 0,
      engine: this.id,
    };
  }
}
