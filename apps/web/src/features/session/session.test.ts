import { TOURIST_CODE_PATTERN } from '@lumi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateTouristCode, touristLogin } from './session';
import { userInfoStore } from './session-store';

describe('tourist session', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('generates random 40-character alphanumeric codes', () => {
    const codes = new Set(Array.from({ length: 200 }, generateTouristCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(TOURIST_CODE_PATTERN);
  });

  it('shares one login request between concurrent callers and stores the code and user info', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (resolve = r)));
    const calls = [touristLogin(), touristLogin(), touristLogin()];
    resolve(
      new Response(
        JSON.stringify({
          code: 0,
          message: 'success',
          data: {
            uid: 'u1',
            ticket: 'secret',
            type: 0,
            name: '',
            head: '',
            enable_nsfw: false,
            remain: 30,
            access_token: '',
          },
        }),
      ),
    );
    const results = await Promise.all(calls);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Set(results).size).toBe(1);
    const body = new URLSearchParams(fetchMock.mock.calls[0]![1]!.body as string);
    expect(body.get('type')).toBe('0');
    expect(body.get('code')).toBe(localStorage.getItem('touristCode'));
    expect(localStorage.getItem('touristCode')).toMatch(TOURIST_CODE_PATTERN);
    // The ticket stays in its HttpOnly cookie: never stored where page scripts read.
    expect(localStorage.getItem('userInfo')).not.toContain('secret');
    expect(userInfoStore.get()).toMatchObject({ uid: 'u1', remain: 30 });
  });

  it('reuses the stored code on the next login', async () => {
    localStorage.setItem('touristCode', 'A'.repeat(40));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 0, message: '', data: { uid: 'u2', ticket: 't', type: 0 } })),
    );
    await touristLogin();
    const body = new URLSearchParams(fetchMock.mock.calls[0]![1]!.body as string);
    expect(body.get('code')).toBe('A'.repeat(40));
  });
});
