import type { ChatEngine, ChatMessage, Sampling, SummaryRequest } from './types';

/** A summary is a careful rewrite, not a creative one. */
const SUMMARY_SAMPLING: Omit<Sampling, 'maxTokens'> = { temperature: 0.3, topP: 0.9 };

/** What a summary's reply may take, in tokens: about the memory's length in characters / 3. */
export const summaryReplyTokens = (maxChars: number) => Math.min(1024, Math.ceil(maxChars / 3));

/** The prompt a language model rewrites the memory from. */
export function summaryMessages(request: SummaryRequest): ChatMessage[] {
  const { char, user } = request.names;
  const system = [
    `You keep the memory of an ongoing role-play chat between ${user} and ${char}: a summary of what happened before the most recent messages, which the chat no longer shows to ${char}.`,
    'Rewrite the memory so that it also covers the new messages.',
    'Keep every fact that may matter later: how the story began, names, relationships, places, promises, secrets, decisions, what each one wants. Keep what the memory already says, including notes the user wrote in it. Leave out small talk.',
    `Write short lines that start with "- ", in the past tense, in the language the chat is written in, at most ${request.maxChars} characters in all. Answer with the memory only.`,
  ].join(' ');
  const lines = request.turns.map((t) => `${t.role === 'user' ? user : char}: ${t.content.trim()}`);
  return [
    { role: 'system', content: system },
    {
      role: 'user',
      content: `Memory so far:\n${request.memory.trim() || '(empty)'}\n\nNew messages:\n${lines.join('\n\n')}`,
    },
  ];
}

/**
 * The memory a model answered, made to fit: no fences or heading around it, within `maxChars`
 * (cut at the last whole line, else the last sentence, that fits).
 */
export function fitSummary(text: string, maxChars: number): string {
  let out = text
    .trim()
    .replace(/^```[a-z]*\n?|\n?```$/g, '')
    .replace(/^(?:memory|summary)\s*:\s*\n/i, '')
    .trim();
  if (out.length <= maxChars) return out;
  out = out.slice(0, maxChars);
  const line = out.lastIndexOf('\n');
  if (line > maxChars / 2) return out.slice(0, line).trimEnd();
  const sentence = Math.max(...['. ', '! ', '? ', '。', '！', '？'].map((m) => out.lastIndexOf(m)));
  if (sentence > maxChars / 2) return out.slice(0, sentence + 1).trimEnd();
  return `${out.slice(0, maxChars - 1).trimEnd()}…`;
}

/**
 * Folds the turns into the memory with the engine: its own `summarize` where it has one (the
 * offline demo), else a chat completion of `summaryMessages`, read whole.
 */
export async function summarize(engine: ChatEngine, request: SummaryRequest): Promise<string> {
  if (engine.summarize) return fitSummary(await engine.summarize(request), request.maxChars);
  let text = '';
  for await (const chunk of engine.stream({
    model: request.model,
    messages: summaryMessages(request),
    sampling: { ...SUMMARY_SAMPLING, maxTokens: summaryReplyTokens(request.maxChars) },
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
  })) {
    if (chunk.type === 'delta') text += chunk.text;
  }
  return fitSummary(text, request.maxChars);
}

const LINE_CHARS = 160;
/** The first lines of a memory: how the chat began, kept to the last. */
const OPENING_LINES = 3;
/** The newest lines: what happened just before the messages the model still sees. */
const RECENT_LINES = 4;

/** A line the memory holds, with what it is worth keeping. */
interface Line {
  text: string;
  /** Written by the user, not folded from a turn: kept before any folded line. */
  note: boolean;
}

/** What a line carries: names, numbers, words of a fact (capitalised words past a sentence's start, digits, quotes). */
function salience(text: string): number {
  const body = text.replace(/^- [^:]{1,60}: /, '');
  const words = body.split(/\s+/);
  let score = 0;
  words.forEach((word, i) => {
    const previous = words[i - 1] ?? '';
    const starts = i === 0 || /[.!?]$/.test(previous);
    if (!starts && /^\p{Lu}/u.test(word)) score += 2;
    if (/\d/.test(word)) score += 2;
  });
  if (/["“”«»「」]/.test(body)) score += 1;
  return score + Math.min(3, Math.floor(body.length / 60));
}

/**
 * The offline memory (the demo engine's `summarize`): extractive and deterministic. Each turn
 * adds one line, the first sentence of what was said; over `maxChars`, lines go by what they
 * are worth: the opening lines and the user's own notes stay, then the lines with names,
 * numbers and quotes, and the newest few; the plainest middle lines go first.
 */
export function extractiveSummary(request: SummaryRequest): string {
  const lines: Line[] = request.memory
    .split('\n')
    .filter((l) => l.trim())
    .map((text) => ({ text, note: !/^- [^:]{1,60}: /.test(text) }));
  for (const turn of request.turns) {
    const text = turn.content
      .replace(/\*[^*]*\*/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) continue;
    const sentence = /^(.+?[.!?。！？])(\s|$)/u.exec(text)?.[1] ?? text;
    const short = sentence.length > LINE_CHARS ? `${sentence.slice(0, LINE_CHARS - 1)}…` : sentence;
    const name = turn.role === 'user' ? request.names.user : request.names.char;
    const line = `- ${name}: ${short}`;
    if (!lines.some((l) => l.text === line)) lines.push({ text: line, note: false });
  }
  const length = () => lines.reduce((sum, l) => sum + l.text.length + 1, -1);
  while (length() > request.maxChars && lines.length > 1) {
    let worst = -1;
    let worstScore = Infinity;
    lines.forEach((line, i) => {
      const kept = i < OPENING_LINES || i >= lines.length - RECENT_LINES;
      const score = (line.note ? 1000 : 0) + (kept ? 100 : 0) + salience(line.text);
      // The oldest of the plainest goes first.
      if (score < worstScore) {
        worst = i;
        worstScore = score;
      }
    });
    lines.splice(worst, 1);
  }
  return fitSummary(lines.map((l) => l.text).join('\n'), request.maxChars);
}
