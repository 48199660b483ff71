import { ErrorCode, type CreditRemain, type Order } from '@lumi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { setupPageI18n } from '@/testing/page-i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as API from '@lumi/contract/api-routes/payments';
import { ApiError } from '@/lib/api-client';
import { signInRequests } from '@/lib/sign-in-request';
import { StorageKey } from '@/lib/storage';
import { notify } from '@/lib/toast';
import commonEn from '@/locales/en/common.json';
import payEn from '@/locales/en/pay.json';
import { apiError, fakeApi, setupFakeApi } from '@/testing/api-mock';
import { memoryRouter } from '@/testing/memory-router';
import { leaveTo } from './lib/leave';
import { savePayIntent } from './lib/pay-intent';
import { PricingPage, type PricingPageProps } from './pricing-page';

vi.mock('./lib/leave', () => ({ leaveTo: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }));

const i18n = setupPageI18n({ common: commonEn, pay: payEn });

/** The server, one fake per call the page makes. */
const createCheckout = vi.fn<(method: string, body: unknown) => Promise<unknown>>();
const redeemCode = vi.fn<(code: string) => Promise<unknown>>();
const getHistory = vi.fn<() => Promise<unknown>>();
const getOrder = vi.fn<(id: string) => Promise<unknown>>();

/**
 * What a fake answers, held to the contract by the fake API: its data, or (an ApiError the test
 * rejects with) the server's refusal.
 */
async function answer(reply: Promise<unknown>): Promise<never> {
  try {
    return (await reply) as never;
  } catch (err) {
    if (err instanceof ApiError) throw apiError(err.code, err.message);
    throw err;
  }
}

/** Order ids are UUIDs, as the server's schemas take them. */
const O1 = '6f1c2a4e-0b7d-4c1e-9a2f-3d5e7b9c1a01';
const O2 = '6f1c2a4e-0b7d-4c1e-9a2f-3d5e7b9c1a02';
const O3 = '6f1c2a4e-0b7d-4c1e-9a2f-3d5e7b9c1a03';

setupFakeApi();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fakeApi(API.checkoutCard, ({ sent }) => answer(createCheckout('card', sent.body)));
  fakeApi(API.checkoutCrypto, ({ sent }) => answer(createCheckout('crypto', sent.body)));
  fakeApi(API.redeem, ({ body }) => answer(redeemCode(body.code)));
  fakeApi(API.payHistory, () => answer(getHistory().then((purchases) => ({ purchases }))));
  fakeApi(API.payOrder, ({ query }) => answer(getOrder(query.id)));
  createCheckout.mockReset();
  redeemCode.mockReset();
  getHistory.mockReset().mockResolvedValue([]);
  getOrder.mockReset();
  vi.mocked(leaveTo).mockReset();
  vi.mocked(notify).mockReset();
});
afterEach(cleanup);

/** What a reader sees in an element, spaces normalised. */
const textOf = (el: Element | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ');
const expectText = (el: Element | undefined, text: string) => expect(textOf(el)).toContain(text);
const expectNoText = (el: Element | undefined, text: string) => expect(textOf(el)).not.toContain(text);

const BALANCE: CreditRemain = {
  remain: 30,
  expired: 0,
  subscription: false,
  isVip: false,
  free: 30,
  paid: 0,
  free_resets_at: 0,
  daily_free: 30,
  free_limited: false,
};

function signIn() {
  localStorage.setItem(StorageKey.userInfo, JSON.stringify({ uid: 'u1', type: 4 }));
}

function renderPage(url = '/pay-view', props: Partial<PricingPageProps> = {}) {
  const refreshBalance = vi.fn(() => Promise.resolve());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = memoryRouter(url, {
    '/:lang?/pay-view': (
      <PricingPage
        balance={BALANCE}
        signedIn={false}
        refreshBalance={refreshBalance}
        returnPath={null}
        onReturn={() => undefined}
        {...props}
      />
    ),
  });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>
    </QueryClientProvider>,
  );
  return { refreshBalance, router };
}

describe('plans', () => {
  it('are a radio group with the year chosen, prices in the page’s language', () => {
    renderPage();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '12 months' }).checked).toBe(true);
    const year = screen.getByTestId('plan-year');
    expectText(year, '$47.88');
    expectText(year, '$3.99 / month');
    expectText(year, '24,000 credits');
    expectText(year, 'Valid for 365 days');
    expectText(year, 'Save 70%');
    expectText(year, 'Best choice');
    expectText(screen.getByTestId('plan-week'), 'One-time payment');
    fireEvent.click(screen.getByRole('radio', { name: '1 week' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '1 week' }).checked).toBe(true);
    expect(screen.getByRole('heading', { name: '1 week · 500 credits · $6.99' })).toBeTruthy();
  });

  it('show what things cost and the daily free credits of the config', () => {
    renderPage();
    const table = screen.getByTestId('cost-table');
    expectText(within(table).getByRole('row', { name: /Chat message/ }), '2 credits');
    expectText(within(table).getByRole('row', { name: /Advanced image/ }), '20 credits');
    expectText(
      within(table).getByRole('row', { name: /Text to speech/ }),
      '1 credit per 100 characters (or part)',
    );
    expect(screen.getByText(/Everyone gets 30 free credits every day/)).toBeTruthy();
    expect(screen.getByText('Test mode: no real payment is taken')).toBeTruthy();
  });
});

describe('paying', () => {
  it('asks a guest to sign in and calls nothing', () => {
    const asked = vi.fn();
    const stop = signInRequests.subscribe(asked);
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Pay by card/ }));
    expect(asked).toHaveBeenCalledOnce();
    expect(createCheckout).not.toHaveBeenCalled();
    stop();
  });

  it('goes on to the checkout a guest chose once they are signed in, once only', async () => {
    const stop = signInRequests.subscribe(() => undefined);
    let setSignedIn: (value: boolean) => void = () => undefined;
    function SigningIn(props: Omit<PricingPageProps, 'signedIn'>) {
      const [signedIn, set] = useState(false);
      setSignedIn = set;
      return <PricingPage {...props} signedIn={signedIn} />;
    }
    const router = memoryRouter('/pay-view', {
      '/pay-view': (
        <SigningIn
          balance={BALANCE}
          refreshBalance={() => Promise.resolve()}
          returnPath={null}
          onReturn={() => undefined}
        />
      ),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('radio', { name: '1 week' }));
    fireEvent.click(screen.getByRole('button', { name: /Pay by card/ }));
    expect(createCheckout).not.toHaveBeenCalled();
    // The year again: what was pressed, not what is selected later, is what goes on.
    fireEvent.click(screen.getByRole('radio', { name: '12 months' }));
    stop();

    // The sign-in dialog did its work.
    signIn();
    createCheckout.mockResolvedValue({ url: `/pay-test-checkout?order=${O2}`, order_id: O2 });
    act(() => setSignedIn(true));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(`/pay-test-checkout?order=${O2}`));
    expect(createCheckout).toHaveBeenCalledExactlyOnceWith('card', { plan: 'week' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '1 week' }).checked).toBe(true);

    // Signed out and in again: nothing starts a second time.
    act(() => setSignedIn(false));
    act(() => setSignedIn(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(createCheckout).toHaveBeenCalledOnce();
  });

  it('a wish left behind (a redirect sign-in) goes on when the page loads signed in', async () => {
    signIn();
    savePayIntent({ plan: 'month', method: 'crypto' });
    createCheckout.mockResolvedValue({ url: `/pay-test-checkout?order=${O3}`, order_id: O3 });
    renderPage('/pay-view', { signedIn: true });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(`/pay-test-checkout?order=${O3}`));
    expect(createCheckout).toHaveBeenCalledExactlyOnceWith('crypto', { plan: 'month' });
  });

  it('opens the checkout of the chosen plan and stays busy while leaving', async () => {
    signIn();
    createCheckout.mockResolvedValue({ url: `/pay-test-checkout?order=${O1}`, order_id: O1 });
    renderPage('/fr/pay-view', { signedIn: true });
    fireEvent.click(screen.getByRole('radio', { name: '1 week' }));
    fireEvent.click(screen.getByRole('button', { name: /Pay with crypto/ }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(`/fr/pay-test-checkout?order=${O1}`));
    expect(createCheckout).toHaveBeenCalledWith('crypto', { plan: 'week' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Processing/ }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Pay by card/ }).disabled).toBe(true);
  });

  it('shows the server’s refusal and lets the user try again', async () => {
    signIn();
    createCheckout.mockRejectedValue(
      new ApiError('business', ErrorCode.SERVICE_BUSY, 'Card payments are off right now.'),
    );
    renderPage('/pay-view', { signedIn: true });
    fireEvent.click(screen.getByRole('button', { name: /Pay by card/ }));
    expectText(await screen.findByRole('alert'), 'Card payments are off right now.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Pay by card/ }).disabled).toBe(false);
  });
});

describe('redeem dialog', () => {
  async function openDialog() {
    fireEvent.click(screen.getByRole('button', { name: 'Redeem a code' }));
    return screen.findByRole('dialog');
  }

  it('refuses an empty code without calling', async () => {
    renderPage();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Redemption code'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expectText(await within(dialog).findByRole('alert'), 'Code cannot be empty');
    expect(redeemCode).not.toHaveBeenCalled();
  });

  it('shows the server’s message in the dialog', async () => {
    redeemCode.mockRejectedValue(
      new ApiError('business', ErrorCode.INVALID_INPUT, 'The redemption code is invalid'),
    );
    renderPage();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Redemption code'), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expectText(await within(dialog).findByRole('alert'), 'The redemption code is invalid');
    expect(redeemCode).toHaveBeenCalledWith('nope');
  });

  it('toasts, refreshes the balance and closes on success', async () => {
    redeemCode.mockResolvedValue({ credits: 500, credits_expire_at: 1, plan: 'week' });
    const { refreshBalance } = renderPage();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Redemption code'), {
      target: { value: ' 7KQ2-MX9D ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Redemption successful'));
    expect(redeemCode).toHaveBeenCalledWith('7KQ2-MX9D');
    expect(refreshBalance).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('back from a checkout', () => {
  const order = (status: Order['status']): Order => ({
    id: O1,
    plan: 'week',
    method: 'card',
    status,
    amount_cents: 699,
    currency: 'usd',
    credits: 500,
    test_mode: true,
    created_at: 0,
    paid_at: status === 'paid' ? 1 : null,
    credits_expire_at: status === 'paid' ? Date.UTC(2026, 10, 30, 12) : null,
  });

  it('waits while pending, then shows the credits and refreshes the balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      getOrder.mockResolvedValueOnce(order('pending')).mockResolvedValue(order('paid'));
      const { refreshBalance } = renderPage(`/pay-view?order=${O1}`);
      expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(2_100);
      expect(
        await screen.findByText(/Payment received: \+500 credits, valid until Nov 30, 2026/),
      ).toBeTruthy();
      expect(getOrder).toHaveBeenCalledTimes(2);
      expect(refreshBalance).toHaveBeenCalledOnce();
      expectText(screen.getByTestId('order-balance'), 'Your balance is now 30 credits.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers to continue where the user was', async () => {
    getOrder.mockResolvedValue(order('paid'));
    renderPage(`/pay-view?order=${O1}`, { returnPath: '/free-ai-chat-online' });
    const link = await screen.findByRole('link', { name: 'Continue' });
    expect(link.getAttribute('href')).toBe('/free-ai-chat-online');
  });

  it('says a canceled payment cost nothing', () => {
    renderPage(`/pay-view?canceled=${O1}`);
    expect(screen.getByText('Payment canceled. You have not been charged.')).toBeTruthy();
    expect(getOrder).not.toHaveBeenCalled();
  });
});

describe('purchase history', () => {
  it('is only for accounts, with an empty state', async () => {
    renderPage('/pay-view', { signedIn: true });
    expect(await screen.findByText(/No purchases yet/)).toBeTruthy();
    cleanup();
    getHistory.mockClear();
    renderPage('/pay-view', { signedIn: false });
    expect(screen.queryByRole('heading', { name: 'Purchase history' })).toBeNull();
    expect(getHistory).not.toHaveBeenCalled();
  });

  it('lists orders and redeemed codes', async () => {
    getHistory.mockResolvedValue([
      {
        id: O1,
        kind: 'order',
        plan: 'year',
        method: 'card',
        amount_cents: 4788,
        currency: 'usd',
        credits: 24000,
        test_mode: true,
        at: Date.UTC(2026, 0, 2, 12),
        credits_expire_at: Date.UTC(2027, 0, 2, 12),
      },
      {
        id: 'r1',
        kind: 'redeem',
        plan: null,
        method: null,
        amount_cents: null,
        currency: null,
        credits: 1,
        test_mode: false,
        at: Date.UTC(2026, 0, 1, 12),
        credits_expire_at: Date.UTC(2026, 0, 8, 12),
      },
    ]);
    renderPage('/pay-view', { signedIn: true });
    const rows = await screen.findAllByTestId('purchase-row');
    expectText(rows[0], '12 months plan');
    expectText(rows[0], 'Test');
    expectText(rows[0], '+24,000 credits');
    expectText(rows[0], '$47.88');
    expectText(rows[0], 'Valid until Jan 2, 2027');
    expectText(rows[1], 'Redeemed code');
    expectText(rows[1], '+1 credit');
    expectNoText(rows[1], '$');
  });
});
