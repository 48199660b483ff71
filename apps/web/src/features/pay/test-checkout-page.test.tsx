import type { Order } from '@lumi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as API from '@lumi/contract/api-routes/payments';
import commonEn from '@/locales/en/common.json';
import pagesEn from '@/locales/en/pages.json';
import payEn from '@/locales/en/pay.json';
import { apiError, fakeApi, setupFakeApi } from '@/testing/api-mock';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import TestCheckoutPage from './test-checkout-page';

const i18n = setupPageI18n({ common: commonEn, pages: pagesEn, pay: payEn });

const ORDER: Order = {
  id: '5b2c1f0e-9a51-4f3e-8f7a-2d1c0b9a8e7f',
  plan: 'week',
  method: 'card',
  status: 'pending',
  amount_cents: 699,
  currency: 'usd',
  credits: 500,
  test_mode: true,
  created_at: 0,
  paid_at: null,
  credits_expire_at: null,
};

let order: Order;
const submitted: unknown[] = [];

setupFakeApi();

beforeEach(() => {
  order = ORDER;
  submitted.length = 0;
  fakeApi(API.payOrder, ({ query }) =>
    query.id === order.id ? order : apiError(100004, 'This order does not exist.'),
  );
  fakeApi(API.payTestCheckout, ({ body, sent }) => {
    submitted.push(sent.body);
    order = { ...order, status: body.outcome === 'pay' ? 'paid' : 'canceled' };
    return order;
  });
});
afterEach(cleanup);

function renderAt(url: string) {
  const router = memoryRouter(url, {
    '/:lang?/pay-test-checkout': <TestCheckoutPage />,
    '/:lang?/pay-view': <p>pricing</p>,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('test checkout', () => {
  it('shows the order under the test-mode banner and pays it', async () => {
    const router = renderAt(`/pay-test-checkout?order=${ORDER.id}`);
    expect(screen.getByTestId('test-mode-banner').textContent).toContain('TEST MODE');
    const pay = await screen.findByRole('button', { name: 'Pay $6.99' });
    const details = screen.getByTestId('test-order').textContent ?? '';
    for (const text of ['1 week', '500 credits', 'Card', '$6.99']) expect(details).toContain(text);
    fireEvent.click(pay);
    await waitFor(() => expect(router.pathname).toBe('/pay-view'));
    expect(router.search).toBe(`?order=${ORDER.id}`);
    expect(submitted).toEqual([{ order_id: ORDER.id, outcome: 'pay' }]);
  });

  it('cancels back to the pricing page, in the same language', async () => {
    const router = renderAt(`/fr/pay-test-checkout?order=${ORDER.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.pathname).toBe('/fr/pay-view'));
    expect(router.search).toBe(`?canceled=${ORDER.id}`);
  });

  it('says when the order is no longer waiting', async () => {
    order = { ...ORDER, status: 'paid' };
    renderAt(`/pay-test-checkout?order=${ORDER.id}`);
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to plans' }).getAttribute('href')).toBe(
      `/pay-view?order=${ORDER.id}`,
    );
  });

  it('says when there is no order', async () => {
    // An order id of the right form that names no order.
    renderAt('/pay-test-checkout?order=0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e');
    expect((await screen.findByRole('alert')).textContent).toBe('This order does not exist.');
    cleanup();
    renderAt('/pay-test-checkout');
    expect(screen.getByText(/There is no order to pay here/)).toBeTruthy();
  });
});
