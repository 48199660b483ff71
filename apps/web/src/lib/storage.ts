/**
 * localStorage keys of spec §3. Reads and writes never throw: private modes and full quotas
 * degrade to "nothing stored".
 */
export const StorageKey = {
  touristCode: 'touristCode',
  locale: 'localeKey',
  userInfo: 'userInfo',
  restrictJson: 'restrictJson',
  characterList: 'characterList',
  conversationId: 'conversationId',
} as const;

/** What logout keeps (spec §4); everything else in localStorage is cleared. */
export const KEPT_ON_LOGOUT: readonly string[] = [
  StorageKey.touristCode,
  StorageKey.restrictJson,
  StorageKey.characterList,
  StorageKey.locale,
  StorageKey.conversationId,
];

/**
 * Reads, writes and removals on one Web Storage area that never throw: a disabled or full store
 * reads as empty and silently keeps nothing (the session simply is not remembered).
 */
function safeStorage(area: () => Storage) {
  return {
    read: (key: string): string | null => {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    write: (key: string, value: string): void => {
      try {
        area().setItem(key, value);
      } catch {
        // Storage full or disabled: nothing is kept.
      }
    },
    remove: (key: string): void => {
      try {
        area().removeItem(key);
      } catch {
        // ignore
      }
    },
  };
}

const local = safeStorage(() => window.localStorage);
const session = safeStorage(() => window.sessionStorage);

export const readLocal = local.read;
export const writeLocal = local.write;
export const removeLocal = local.remove;

export const readSession = session.read;
export const writeSession = session.write;
export const removeSession = session.remove;

export function readJson<T>(key: string): T | null {
  const raw = readLocal(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeLocal(key, JSON.stringify(value));
}

export function clearLocalExcept(kept: readonly string[]): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key !== null && !kept.includes(key)) doomed.push(key);
    }
    for (const key of doomed) window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return undefined;
}
