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

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the session simply is not remembered.
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

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

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // ignore
  }
}

export function removeSession(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}
