import { LoginType, type UserInfo } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/accounts';
import { API_BASE, pathOf } from '@/lib/api-client';
import { signInWithToken } from './session';

const LOGIN_TYPES = new Set<number>([LoginType.GOOGLE, LoginType.FACEBOOK, LoginType.OTHER]);

/** Set in this tab when it leaves for a provider's page; only then is a token in the URL taken. */
const PENDING_KEY = 'lumi.providerSignIn';
/** A provider sign-in older than this is not waited for any more (the server's flow lasts 10 minutes). */
const PENDING_MS = 15 * 60_000;

function markPending(): void {
  try {
    sessionStorage.setItem(PENDING_KEY, String(Date.now()));
  } catch {
    // Storage off: the way back cannot be recognised, and the server refuses it anyway.
  }
}

/** Whether this tab started a provider sign-in lately; the mark is used up. */
function takePending(): boolean {
  try {
    const at = Number(sessionStorage.getItem(PENDING_KEY));
    sessionStorage.removeItem(PENDING_KEY);
    return Number.isFinite(at) && at > 0 && Date.now() - at < PENDING_MS;
  } catch {
    return false;
  }
}

/** The provider's page, in a popup when the browser allows one, else in place of this page. */
export function signInWithProvider(provider: string): Promise<UserInfo> {
  const back = `${location.pathname}${location.search}`;
  const start = (popup: boolean) =>
    `${API_BASE}${pathOf(API.oauthStart, { provider })}?${new URLSearchParams({
      ...(popup ? { popup: '1' } : {}),
      return: back,
    }).toString()}`;
  const width = 480;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open(
    start(true),
    'lumi-sign-in',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) {
    markPending();
    location.assign(start(false));
    return new Promise(() => undefined);
  }
  return new Promise((resolve, reject) => {
    const closed = setInterval(() => {
      if (popup.closed) finish(() => reject(new Error('closed')));
    }, 500);
    const onMessage = (event: MessageEvent) => {
      // Spec §4: the message must come from this site, and its redirect must start with its origin.
      const data = event.data as {
        source?: string;
        login_type?: number;
        access_token?: string;
        redirect?: string;
        error?: string;
      };
      if (event.origin !== location.origin || data?.source !== 'lumi-login') return;
      if (typeof data.redirect !== 'string' || !data.redirect.startsWith(event.origin)) return;
      if (data.error || !data.access_token || !LOGIN_TYPES.has(Number(data.login_type))) {
        finish(() => reject(new Error(data.error ?? 'login_failed')));
        return;
      }
      const token = data.access_token;
      const type = Number(data.login_type);
      finish(() => resolve(signInWithToken(type, token)));
    };
    function finish(then: () => void) {
      clearInterval(closed);
      window.removeEventListener('message', onMessage);
      then();
    }
    window.addEventListener('message', onMessage);
  });
}

/**
 * The full-page way back from a provider: the token came in the URL's fragment. Signs in with
 * it (only when this tab went to the provider: a token in a link someone sent is ignored, and
 * the server would refuse it, since it is bound to the browser that started the sign-in) and
 * clears the fragment; answers whether it did (undefined when there was nothing to finish).
 */
export async function finishRedirectSignIn(): Promise<boolean | undefined> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get('access_token');
  const failed = fragment.get('error');
  if (!token && !failed) return undefined;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (!takePending()) return undefined;
  const type = Number(fragment.get('login_type'));
  if (!token || !LOGIN_TYPES.has(type)) return false;
  await signInWithToken(type, token);
  return true;
}
