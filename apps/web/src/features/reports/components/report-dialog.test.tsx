import * as API from '@lumi/contract/api-routes/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/lib/api-client';
import { reportRequests } from '@/lib/report-request';
import commonEn from '@/locales/en/common.json';
import reportsEn from '@/locales/en/reports.json';
import reportsAr from '@/locales/ar/reports.json';
import { apiError, fakeApi, networkError, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { setupPageI18n } from '@/testing/page-i18n';
import { ReportDialogHost } from './report-dialog-host';
import ReportDialog from './report-dialog';

setupFakeApi();

const i18n = setupPageI18n(
  { common: commonEn, reports: reportsEn },
  { ar: { common: commonEn, reports: reportsAr } },
);

/** The app's toasts for failed calls: the dialog's call is silent, it says why itself. */
const onError = vi.fn();
const onNetworkError = vi.fn();
const sent = () => requestsTo(API.reportCreate).map((r) => r.sent.body);
beforeEach(() => {
  onError.mockReset();
  onNetworkError.mockReset();
  configureApi({ onError, onNetworkError });
  fakeApi(API.reportCreate, () => null);
});
afterEach(async () => {
  cleanup();
  reportRequests.close();
  await i18n.changeLanguage('en');
});

function show(target: Parameters<typeof ReportDialog>[0]['target'], onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <ReportDialog target={target} onClose={onClose} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('the report dialog', () => {
  it('sends the chosen reason and the details, then thanks the reporter', async () => {
    show({ type: 'character', id: 42, name: 'Mira' });
    expect(screen.getByRole('dialog', { name: 'Report “\u2068Mira\u2069”' })).toBeTruthy();
    // Every reason of the fixed list is offered.
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    fireEvent.click(screen.getByRole('radio', { name: /A minor at risk/ }));
    fireEvent.change(screen.getByLabelText('Details (optional)'), {
      target: { value: '  She says she is 14.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Thanks — our team will review it')).toBeTruthy();
    expect(sent()).toEqual([
      {
        target_type: 'character',
        target_id: '42',
        reason: 'minor_safety',
        details: 'She says she is 14.',
      },
    ]);
  });

  it('asks for a reason before sending anything', () => {
    show({ type: 'share', id: 'a1b2c3d4e5f60718' });
    expect(screen.getByRole('dialog', { name: 'Report this picture' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose what the problem is first.');
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's translated refusal and lets the reporter try again", async () => {
    fakeApi(API.reportCreate, () => apiError(100004, 'This no longer exists.'), { once: true });
    show({ type: 'message', id: 7, name: 'Mira' });
    fireEvent.click(screen.getByRole('radio', { name: /Spam or scam/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This no longer exists.');
    // Silent: no toast on top of the dialog's own message.
    expect(onError).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks — our team will review it')).toBeTruthy();
    expect(sent()).toHaveLength(2);
  });

  it('falls back to its own message when the network fails', async () => {
    fakeApi(API.reportCreate, () => networkError(), { once: true });
    show({ type: 'profile', id: 42 });
    fireEvent.click(screen.getByRole('radio', { name: /Impersonation/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The report could not be sent. Please try again.',
    );
    expect(onNetworkError).not.toHaveBeenCalled();
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('ar');
    show({ type: 'character', id: 1 });
    expect(screen.getByRole('dialog', { name: 'الإبلاغ عن هذه الشخصية' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إرسال البلاغ' })).toBeTruthy();
  });

  it('closes with Cancel, and the host opens it for whatever a page asks', async () => {
    const onClose = show({ type: 'character', id: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    cleanup();

    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <ReportDialogHost />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => reportRequests.open({ type: 'message', id: 9, name: 'Mira' }));
    expect(
      await screen.findByRole('dialog', { name: 'Report a message from \u2068Mira\u2069' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reportRequests.get()).toBeNull();
  });
});
