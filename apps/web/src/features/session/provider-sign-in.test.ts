import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const signInWithToken = vi.fn(async (type: number, token: string) => ({ uid: 'u', type, token }));
vi.mock('./session', () => ({ signInWithToken }));

const { finishRedirectSignIn, signInWithProvider } = await import('./provider-sign-in');

/** A message as the popup's page posts it, from `origin`. */
const post = (data: object, origin = location.origin) =>
  window.dispatchEvent(new MessageEvent('message', { data: { source: 'lumi-login', ...data }, origin }));

describe('sign-in with a provider in a popup', () => {
  const popup = { closed: false };
  beforeEach(() => {
    signInWithToken.mockClear();
    popup.closed = false;
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the provider with popup=1 and the page to come back to', () => {
    void signInWithProvider('google').catch(() => undefined);
    const url = vi.mocked(window).open.mock.calls[0]?.[0] as string;
    expect(url).toMatch(/^\/cgi-bin\/login\/oauth\/google\?popup=1&return=%2F/);
    popup.closed = true;
  });

  it('takes the token only from this origin, with a redirect that starts with it (spec §4)', async () => {
    const done = signInWithProvider('google');
    const good = { login_type: 1, access_token: 'tok', redirect: `${location.origin}/profile` };
    post(good, 'https://evil.example');
    post({ ...good, redirect: 'https://evil.example/profile' });
    post({ ...good, redirect: `//evil.example${location.origin}` });
    await new Promise((r) => setTimeout(r, 10));
    expect(signInWithToken).not.toHaveBeenCalled();
    post(good);
    await expect(done).resolves.toMatchObject({ type: 1 });
    expect(signInWithToken).toHaveBeenCalledWith(1, 'tok');
  });

  it('fails on an error from the provider, and when the popup is closed', async () => {
    const failed = signInWithProvider('facebook');
    post({ error: 'login_failed', redirect: `${location.origin}/` });
    await expect(failed).rejects.toThrow('login_failed');
    const closed = signInWithProvider('facebook');
    popup.closed = true;
    await expect(closed).rejects.toThrow('closed');
    expect(signInWithToken).not.toHaveBeenCalled();
  });
});

describe('the full-page way back from a provider', () => {
  beforeEach(() => {
    signInWithToken.mockClear();
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('ignores a token in the URL when this tab did not go to a provider, and clears it', async () => {
    history.replaceState(null, '', '/profile#login_type=4&access_token=sent-by-someone');
    await expect(finishRedirectSignIn()).resolves.toBeUndefined();
    expect(signInWithToken).not.toHaveBeenCalled();
    expect(location.hash).toBe('');
  });

  it('signs in with the token when this tab left for the provider, once', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    void signInWithProvider('google');
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/cgi-bin\/login\/oauth\/google\?return=/));
    vi.restoreAllMocks();
    history.replaceState(null, '', '/profile#login_type=1&access_token=mine');
    await expect(finishRedirectSignIn()).resolves.toBe(true);
    expect(signInWithToken).toHaveBeenCalledWith(1, 'mine');
    // The mark is used up: the same link opened again signs nobody in.
    history.replaceState(null, '', '/profile#login_type=1&access_token=mine');
    await expect(finishRedirectSignIn()).resolves.toBeUndefined();
    expect(signInWithToken).toHaveBeenCalledTimes(1);
  });
});
