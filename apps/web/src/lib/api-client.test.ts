import { describe, expect, it } from 'vitest';
import { api, ApiError, configureApi } from './api-client';
import { mockApi } from './api-mocks';

function envelope(code: number, data: unknown = null, message = '') {
  return new Response(JSON.stringify({ code, message, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

describe('api client', () => {
  const mocks = mockApi('fr');
  const fetchMock = mocks.fetch;

  it('unwraps data on code 0 and sends the locale', async () => {
    fetchMock.mockResolvedValueOnce(envelope(0, { remain: 30 }));
    await expect(api('/auth/credit/remain')).resolves.toEqual({ remain: 30 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/cgi-bin/auth/credit/remain');
    expect((init?.headers as Record<string, string>)['x-locale']).toBe('fr');
  });

  it('on 100000 logs in as a tourist and retries exactly once', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(100000, null, 'no user uid'))
      .mockResolvedValueOnce(envelope(0, 'ok'));
    await expect(api('/auth/x')).resolves.toBe('ok');
    expect(mocks.handlers.onNoSession).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when the retry fails too, returns the failure without another warning', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(100000, null, 'no user uid'))
      .mockResolvedValueOnce(envelope(100000, null, 'no user uid'));
    await expect(api('/auth/x')).rejects.toMatchObject({ code: 100000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(mocks.handlers.onError).not.toHaveBeenCalled();
  });

  it('after a sign-out, a not-found retry says nothing more and is marked signed out', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(100000, null, 'no user uid'))
      .mockResolvedValueOnce(envelope(100004, null, 'Not found'));
    mocks.handlers.onNoSession.mockResolvedValueOnce(true);
    const err = await api('/auth/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 100004, signedOut: true });
    expect(mocks.handlers.onError).not.toHaveBeenCalled();
  });

  it('a re-login that kept the same visitor is no sign-out: the refusal toasts as usual', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(100000, null, 'no user uid'))
      .mockResolvedValueOnce(envelope(100004, null, 'Not found'));
    const err = await api('/auth/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 100004, signedOut: false });
    expect(mocks.handlers.onError).toHaveBeenCalledWith('Not found');
  });

  it('when the guest session cannot start, toasts why (the server message), not a generic failure', async () => {
    fetchMock.mockResolvedValueOnce(envelope(100000, null, 'no user uid'));
    mocks.handlers.onNoSession.mockRejectedValueOnce(
      new ApiError('business', 100003, 'Too many new guest sessions from your network.'),
    );
    await expect(api('/auth/x')).rejects.toMatchObject({ code: 100003 });
    expect(mocks.handlers.onError).toHaveBeenCalledWith('Too many new guest sessions from your network.');
  });

  it('on 100002 opens the credits dialog', async () => {
    fetchMock.mockResolvedValueOnce(envelope(100002, null, 'used up'));
    await expect(api('/auth/spend', { json: {} })).rejects.toBeInstanceOf(ApiError);
    expect(mocks.handlers.onNotEnoughCredits).toHaveBeenCalledTimes(1);
    expect(mocks.handlers.onError).not.toHaveBeenCalled();
  });

  it('toasts the server message for other codes unless the call is silent', async () => {
    fetchMock.mockResolvedValueOnce(envelope(100003, null, 'Too frequent'));
    await expect(api('/auth/x')).rejects.toMatchObject({ code: 100003, message: 'Too frequent' });
    expect(mocks.handlers.onError).toHaveBeenCalledWith('Too frequent');

    fetchMock.mockResolvedValueOnce(envelope(100003, null, 'Too frequent'));
    await expect(api('/auth/x', { silent: true })).rejects.toMatchObject({ code: 100003 });
    expect(mocks.handlers.onError).toHaveBeenCalledTimes(1);
  });

  it('reads the envelope of framework errors sent with an HTTP error status', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 100013, message: 'Too large', data: null }), { status: 413 }),
    );
    await expect(api('/auth/x', { json: {} })).rejects.toMatchObject({ code: 100013 });
    expect(mocks.handlers.onError).toHaveBeenCalledWith('Too large');
  });

  it('on a network failure toasts that the network is abnormal', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/auth/x')).rejects.toMatchObject({ kind: 'network' });
    expect(mocks.handlers.onNetworkError).toHaveBeenCalledTimes(1);
  });

  it('sends form bodies form-encoded and skips undefined fields', async () => {
    fetchMock.mockResolvedValueOnce(envelope(0, {}));
    await api('/login', { form: { type: 0, code: 'abc', vid: undefined } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('type=0&code=abc');
    expect((init.headers as Record<string, string>)['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
  });

  it('waits for the session before calls under /auth, not before others', async () => {
    let open!: () => void;
    const ready = new Promise<void>((resolve) => {
      open = resolve;
    });
    configureApi({ sessionReady: () => ready });
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data: 1 }))),
    );
    const auth = api<number>('/auth/credit/remain');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    await api<number>('/login/anything');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    open();
    await expect(auth).resolves.toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
