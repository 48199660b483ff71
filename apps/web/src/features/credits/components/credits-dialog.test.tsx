import type { CreditRemain } from '@lumi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInRequests } from '@/lib/sign-in-request';
import { StorageKey } from '@/lib/storage';
import commonEn from '@/locales/en/common.json';
import creditsEn from '@/locales/en/credits.json';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import { creditsQueryKey } from '../api/get-credits';
import { creditsDialogStore } from '../credits-dialog-store';
import CreditsDialog from './credits-dialog';

const i18n = setupPageI18n({ common: commonEn, credits: creditsEn });

const balance = (over: Partial<CreditRemain>): CreditRemain => ({
  remain: 0,
  expired: 0,
  subscription: false,
  isVip: false,
  free: 0,
  paid: 0,
  free_resets_at: 0,
  daily_free: 30,
  free_limited: false,
  ...over,
});

function show(remain: CreditRemain, userType: number) {
  localStorage.setItem(StorageKey.userInfo, JSON.stringify({ uid: 'u', type: userType }));
  const client = new QueryClient();
  client.setQueryData(creditsQueryKey, remain);
  creditsDialogStore.set(true);
  const router = memoryRouter('/', { '*': <CreditsDialog /> });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{router.element}</QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  creditsDialogStore.set(false);
  vi.restoreAllMocks();
});

describe('the credits-exhausted dialog', () => {
  it('offers to subscribe or come back tomorrow', () => {
    show(balance({}), 0);
    expect(screen.getByText(/come back tomorrow for 30 new free credits/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Come back tomorrow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('tells a guest whose network drew today’s free credits to sign in for theirs', () => {
    const asked = vi.spyOn(signInRequests, 'request');
    show(balance({ free_limited: true }), 0);
    expect(screen.getByText(/Guests on your network have used up today's free credits/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(asked).toHaveBeenCalledOnce();
    expect(creditsDialogStore.get()).toBe(false);
  });

  it('does not tell a signed-in account to sign in', () => {
    show(balance({ free_limited: true }), 4);
    expect(screen.getByText(/come back tomorrow/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
