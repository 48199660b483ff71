import { TOURIST_CODE_PATTERN, type LoginData } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { generateTouristCode, touristLogin } from './session';
import { userInfoStore } from './session-store';

setupFakeApi();

const loginData = (over: Partial<LoginData> = {}): LoginData => ({
  uid: 'u1',
  ticket: 'secret',
  type: 0,
  name: '',
  head: '',
  enable_nsfw: false,
  remain: 30,
  access_token: '',
  ...over,
});

describe('tourist session', () => {
  beforeEach(() => localStorage.clear());
  /** The login form as the page sent it. */
  const sentForm = () => requestsTo(API.login).map((r) => r.sent.body as Record<string, string>);

  it('generates random 40-character alphanumeric codes', () => {
    const codes = new Set(Array.from({ length: 200 }, generateTouristCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(TOURIST_CODE_PATTERN);
  });

  it('shares one login request between concurrent callers and stores the code and user info', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    fakeApi(API.login, async () => {
      await answered;
      return loginData();
    });
    const calls = [touristLogin(), touristLogin(), touristLogin()];
    answer();
    const results = await Promise.all(calls);
    expect(sentForm()).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
    const body = sentForm()[0]!;
    expect(body.type).toBe('0');
    expect(body.code).toBe(localStorage.getItem('touristCode'));
    expect(localStorage.getItem('touristCode')).toMatch(TOURIST_CODE_PATTERN);
    // The ticket stays in its HttpOnly cookie: never stored where page scripts read.
    expect(localStorage.getItem('userInfo')).not.toContain('secret');
    expect(userInfoStore.get()).toMatchObject({ uid: 'u1', remain: 30 });
  });

  it('reuses the stored code on the next login', async () => {
    localStorage.setItem('touristCode', 'A'.repeat(40));
    fakeApi(API.login, () => loginData({ uid: 'u2', ticket: 't' }));
    await touristLogin();
    expect(sentForm().map((body) => body.code)).toEqual(['A'.repeat(40)]);
  });
});
