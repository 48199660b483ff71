import type { RouteMatch } from '@lumi/contract';
import { getCharacter } from '@/features/characters/api/get-character';
import { getMessages } from '@/features/chat/api/get-messages';
import { track } from '@/lib/tracked';

/**
 * A page's first data, asked for as the app starts rather than once its page has rendered
 * (issue 19): on a slow phone that is the app's whole start-up earlier. Only calls the page makes
 * on every first load; the page takes each answer once, and anything later asks again.
 */
const early = new Map<string, Promise<unknown>>();

function start(key: string, call: () => Promise<unknown>): void {
  // Tracked: an answer that is here by the page's first render is shown in that render. The
  // tracking handles a failure, so one nobody takes is no unhandled rejection; a taker still sees it.
  early.set(key, track(call()));
}

/**
 * The answer asked for at start-up under this key, if any. Read in render (a render React throws
 * away reads it again), so it stays until `forgetEarly`, which the page calls once it is shown.
 */
export function earlyAnswer<T>(key: string): Promise<T> | undefined {
  return early.get(key) as Promise<T> | undefined;
}

/** The page has what it was given: a later visit to it asks afresh. */
export function forgetEarly(...keys: string[]): void {
  for (const key of keys) early.delete(key);
}

export const earlyKey = {
  character: (id: number) => `character:${id}`,
  messages: (id: number) => `messages:${id}`,
};

/** Starts the first calls of the page the app opens on. */
export function prefetchRoute(match: RouteMatch | undefined): void {
  if (match?.name !== 'characterChat') return;
  const id = Number(match.params.code);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  start(earlyKey.character(id), () => getCharacter(id, { fromChat: true, silent: true }));
  start(earlyKey.messages(id), () => getMessages({ characterId: id }));
}

/**
 * What the server says about the page the app opens on (`#route-files`, from the build's
 * route-modules.ts): its page module and string namespaces. None in development.
 */
export function pageStart(): { module?: string; namespaces?: string[] } | undefined {
  const text = document.getElementById('route-files')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as { module?: string; namespaces?: string[] };
  } catch {
    return undefined;
  }
}
