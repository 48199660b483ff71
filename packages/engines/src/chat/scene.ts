import type { ChatEngine, ChatMessage, SceneRequest } from './types';

/** A scene line is a careful description, not a creative one. */
const SCENE_SAMPLING = { temperature: 0.4, topP: 0.9 };

/** The prompt a language model writes the scene line from. */
export function sceneMessages(request: SceneRequest): ChatMessage[] {
  const { char, user } = request.names;
  const system = [
    `You write the scene of a picture of ${char}, asked for by ${user} during a role-play chat.`,
    `From the last messages, describe in one line what the picture shows now: where ${char} is, what ${char} is doing, pose and expression, the setting and the light, and clothes only if the messages say.`,
    `${char}'s face and body are described to the image model apart: do not describe them.`,
    `Write in English, as comma-separated phrases for an image model, without names or quotes, at most ${request.maxChars} characters. Answer with the line only.`,
  ].join(' ');
  const lines = request.turns.map((t) => `${t.role === 'user' ? user : char}: ${t.content.trim()}`);
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Last messages:\n${lines.join('\n\n')}` },
  ];
}

/** A scene line made to fit: one line, no quotes or label around it, within `maxChars`. */
export function fitScene(text: string, maxChars: number): string {
  const unquote = (t: string) => t.replace(/^["“'«]+|["”'»]+$/g, '').trim();
  let line = unquote(
    unquote(
      text
        .replace(/^```[a-z]*\n?|\n?```$/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ).replace(/^(?:scene|picture)\s*:\s*/i, ''),
  );
  if (line.length <= maxChars) return line;
  line = line.slice(0, maxChars);
  const cut = Math.max(line.lastIndexOf(', '), line.lastIndexOf('. '), line.lastIndexOf(' '));
  return (cut > maxChars / 2 ? line.slice(0, cut) : line).replace(/[,.;:\s]+$/, '');
}

/** Narration between asterisks (role-play's actions): what a scene is made of. */
const ACTIONS = /\*([^*\n]{3,})\*/g;

/**
 * The offline scene line (the demo engine's `describeScene`): extractive. The narration (text
 * between asterisks) of the newest turn that has some, else the first sentence of the newest
 * reply, else the newest message itself; then cut to `maxChars`. It repeats words, it does not
 * understand them.
 */
export function extractiveScene(request: SceneRequest): string {
  const newestFirst = [...request.turns].reverse();
  for (const turn of newestFirst) {
    const narration = [...turn.content.matchAll(ACTIONS)].map((m) => m[1]!.trim());
    if (narration.length) return fitScene(narration.join(', '), request.maxChars);
  }
  const reply = newestFirst.find((t) => t.role === 'assistant')?.content ?? newestFirst[0]?.content ?? '';
  const sentence = /^(.+?[.!?。！？])(\s|$)/u.exec(reply.trim())?.[1] ?? reply;
  return fitScene(sentence, request.maxChars);
}

/**
 * The scene line with the engine: its own `describeScene` where it has one, else a chat
 * completion of `sceneMessages`, read whole.
 */
export async function describeScene(engine: ChatEngine, request: SceneRequest): Promise<string> {
  if (engine.describeScene) return fitScene(await engine.describeScene(request), request.maxChars);
  return sceneFromCompletion(engine, request);
}

/** A scene line a language model writes: `sceneMessages` streamed and read whole. */
export async function sceneFromCompletion(
  engine: Pick<ChatEngine, 'stream'>,
  request: SceneRequest,
): Promise<string> {
  let text = '';
  for await (const chunk of engine.stream({
    model: request.model,
    messages: sceneMessages(request),
    sampling: { ...SCENE_SAMPLING, maxTokens: Math.min(256, Math.ceil(request.maxChars / 3)) },
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
  })) {
    if (chunk.type === 'delta') text += chunk.text;
  }
  return fitScene(text, request.maxChars);
}
