import { StorageKey, readJson } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Any page can ask for the sign-in dialog (an adult character opened by a guest, say) without
 * importing the session feature: the header's sign-in button listens and opens it.
 */
export const signInRequests = {
  request: () => {
    for (const listener of listeners) listener();
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Whether the visitor is a guest (tourist or no session yet), from the stored user info. */
export function isGuest(): boolean {
  const info = readJson<{ type?: number }>(StorageKey.userInfo);
  return !info?.type;
}
