import {
  TOURIST_CODE_ALPHABET,
  TOURIST_CODE_LENGTH,
  TOURIST_CODE_PATTERN,
  type UserInfo,
} from '@lumi/contract';
import {
  clearLocalExcept,
  KEPT_ON_LOGOUT,
  readCookie,
  readLocal,
  StorageKey,
  writeLocal,
} from '@/lib/storage';
import { postLogin, postTouristLogin } from './api/login';
import { postLogout } from './api/profile';
import { userInfoStore } from './session-store';

/** A random 40-character tourist code from the browser's CSPRNG (rejection-free modulo 62). */
export function generateTouristCode(): string {
  const out: string[] = [];
  const n = TOURIST_CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  while (out.length < TOURIST_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(64))) {
      if (byte < limit && out.length < TOURIST_CODE_LENGTH) out.push(TOURIST_CODE_ALPHABET[byte % n] ?? 'a');
    }
  }
  return out.join('');
}

function storedTouristCode(): string {
  const stored = readLocal(StorageKey.touristCode);
  if (stored && TOURIST_CODE_PATTERN.test(stored)) return stored;
  const code = generateTouristCode();
  writeLocal(StorageKey.touristCode, code);
  return code;
}

let pending: Promise<UserInfo> | null = null;

/**
 * Tourist login with the stored (or a new) code. Concurrent callers share one request
 * (spec §4: attempts are queued and resolved together).
 */
export function touristLogin(): Promise<UserInfo> {
  pending ??= (async () => {
    const code = storedTouristCode();
    const data = await postTouristLogin(code, userInfoStore.get()?.uid);
    const { ticket: _ticket, ...info } = data;
    userInfoStore.set(info);
    return info;
  })().finally(() => {
    pending = null;
  });
  return pending;
}

let ready: Promise<unknown> | null = null;

/**
 * Session start (spec §4). The readable `uid` cookie tells whether a ticket cookie exists
 * (the ticket itself is HttpOnly): with it and stored user info, reuse them; otherwise log in
 * as a tourist with the stored or a new code.
 */
export function startSession(): Promise<unknown> {
  ready ??= (() => {
    const uid = readCookie('uid');
    const info = userInfoStore.get();
    if (uid && info?.uid === uid) return Promise.resolve(info);
    return touristLogin();
  })().catch((err: unknown) => {
    ready = null;
    throw err;
  });
  return ready;
}

/**
 * Signs in with the access token of a proven identity (spec §4, login success): the server
 * moves the tourist's things to the account; the user info is stored and the tourist code kept
 * for after logout. Answers the account's info.
 */
export async function signInWithToken(type: number, token: string): Promise<UserInfo> {
  const data = await postLogin({ type, code: token, vid: userInfoStore.get()?.uid });
  const { ticket: _ticket, ...info } = data;
  userInfoStore.set(info);
  ready = Promise.resolve(info);
  return info;
}

/**
 * Logout (spec §4): the session ends on the server (when it still can), local storage keeps
 * only the keys the spec lists, and the visitor goes on as the guest of the stored tourist code.
 */
export async function logout(options: { serverDone?: boolean } = {}): Promise<UserInfo> {
  if (!options.serverDone) await postLogout().catch(() => undefined);
  clearLocalExcept(KEPT_ON_LOGOUT);
  userInfoStore.set(null);
  ready = null;
  const info = await touristLogin();
  ready = Promise.resolve(info);
  return info;
}
