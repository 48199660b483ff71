import type { UserInfo } from '@lumi/contract';
import { readJson, StorageKey, writeJson } from '@/lib/storage';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: UserInfo | null = typeof window === 'undefined' ? null : readJson<UserInfo>(StorageKey.userInfo);

/** The stored user info of spec §3 (never the ticket: that stays in its HttpOnly cookie). */
export const userInfoStore = {
  get: (): UserInfo | null => current,
  set: (next: UserInfo | null) => {
    current = next;
    if (next) writeJson(StorageKey.userInfo, next);
    for (const listener of listeners) listener();
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
