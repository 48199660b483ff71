import { ErrorCode, LoginType, type UserInfo } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import accountEn from '@/locales/en/account.json';
import appEn from '@/locales/en/app.json';
import commonEn from '@/locales/en/common.json';
import { apiError, fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import { userInfoStore } from '../session-store';
import ProfilePage from './profile-page';

vi.mock('@/lib/toast', () => ({ notify: vi.fn() }));
setupFakeApi();
const i18n = setupPageI18n({ common: commonEn, account: accountEn, app: appEn });

const user: UserInfo = {
  uid: 'u1',
  type: LoginType.OTHER,
  name: 'Alex',
  head: '/avatar.png',
  enable_nsfw: false,
  remain: 40,
  access_token: '',
};

beforeEach(() => {
  configureApi({});
  userInfoStore.set(user);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function show() {
  const router = memoryRouter('/profile', { '/profile': <ProfilePage /> });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>
    </QueryClientProvider>,
  );
}

/** Types a new name and confirms the update. */
function rename(to: string) {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: to } });
  fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  fireEvent.click(screen.getByRole('button', { name: 'Update' }));
}

describe('the profile', () => {
  it('saves a new name once confirmed, says so, and closes the question', async () => {
    fakeApi(API.userUpdate, () => ({ ...user, name: 'Sam' }));
    show();
    rename('  Sam ');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Your profile is updated.'));
    expect(requestsTo(API.userUpdate).map((r) => r.sent.body)).toEqual([{ name: 'Sam' }]);
    expect(userInfoStore.get()?.name).toBe('Sam');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update' })).toBeNull());
  });

  it('says why an update failed, closes the question and lets the visitor try again', async () => {
    fakeApi(API.userUpdate, () => apiError(ErrorCode.INVALID_INPUT, 'That name is not allowed.'));
    show();
    rename('Sam');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'That name is not allowed.'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update' })).toBeNull());
    expect(userInfoStore.get()?.name).toBe('Alex');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(false),
    );
  });
});
