import { ErrorCode, VOICES } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { HttpResponse } from 'msw';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { setupPageI18n } from '@/testing/page-i18n';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/lib/api-client';
import commonEn from '@/locales/en/common.json';
import voiceEn from '@/locales/en/voice.json';
import { apiError, fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import VoiceGeneratorPage from './voice-generator-page';

setupFakeApi();

const i18n = setupPageI18n({ common: commonEn, voice: voiceEn });

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:audio');
  window.matchMedia = vi.fn((query: string) => ({ matches: true, media: query }) as MediaQueryList);
  URL.revokeObjectURL = vi.fn();
});

const voices = VOICES.map(({ espeak: _espeak, ...v }) => ({
  ...v,
  preview_url: `/cgi-bin/speech/preview/${v.voice_id}`,
}));

/** The app's credits dialog, opened by the client on 100002. */
const onNotEnoughCredits = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  onNotEnoughCredits.mockReset();
  configureApi({ onNotEnoughCredits });
  fakeApi(API.voices, () => ({ voices, offline: true }));
  fakeApi(API.speechHistory, () => ({ items: [] }));
});
afterEach(cleanup);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <VoiceGeneratorPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const generate = () => screen.getByTestId('generate');
const typeText = (text: string) =>
  fireEvent.change(screen.getByLabelText('Text to speak'), { target: { value: text } });

describe('voice generator page', () => {
  it('lists the 17 voices as one radio group, Aria chosen, and says the engine is offline', async () => {
    renderPage();
    const group = screen.getByRole('radiogroup', { name: 'Choose a voice' });
    expect(group.querySelectorAll('input[type=radio]')).toHaveLength(17);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Aria' }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Adam' }).getAttribute('aria-describedby')).toBeTruthy();
    expect((await screen.findByTestId('offline-note')).textContent).toContain('eSpeak NG');
  });

  it('counts characters and prices the text: 1 credit per started 100', () => {
    renderPage();
    expect(generate().hasAttribute('disabled')).toBe(true);
    // The tip sits under both buttons: the desktop one and the phone bar's.
    expect(screen.getAllByText('Type a text to hear it spoken.')).toHaveLength(2);
    typeText('a'.repeat(150));
    expect(screen.getByText('150 / 5,000 characters')).toBeTruthy();
    expect(generate().textContent).toBe('Generate · 2 credits');
    expect(generate().hasAttribute('disabled')).toBe(false);
    typeText('Hello');
    expect(generate().textContent).toBe('Generate · 1 credit');
    expect(screen.getByText('1 credit per started 100 characters')).toBeTruthy();
  });

  it('sends the voice, trimmed text and format, then plays and offers the download', async () => {
    fakeApi(
      API.textToSpeech,
      () =>
        new HttpResponse(new Uint8Array(8), {
          headers: { 'content-type': 'audio/wav', 'x-job-id': 'job-1' },
        }),
    );
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Adam' }));
    fireEvent.click(screen.getByRole('radio', { name: /^WAV/ }));
    typeText('  Good morning.  ');
    fireEvent.submit(screen.getByTestId('voice-form'));
    const ready = await screen.findByTestId('result-ready');
    expect(requestsTo(API.textToSpeech).map((r) => r.sent.body)).toEqual([
      { voice_id: 'adam', text: 'Good morning.', format: 'wav' },
    ]);
    expect(ready.textContent).toContain('Adam');
    expect(screen.getByTestId('result-audio').getAttribute('src')).toBe('blob:audio');
    expect(screen.getByTestId('result-download').getAttribute('download')).toMatch(
      /^voice-adam-\d{4}-\d{2}-\d{2}\.wav$/,
    );
    // The form is kept for the session.
    expect(JSON.parse(sessionStorage.getItem('voiceGeneratorForm') ?? '{}')).toMatchObject({
      voiceId: 'adam',
      format: 'wav',
    });
  });

  it("shows the server's message on a refusal, and nothing when the credits dialog took over", async () => {
    fakeApi(
      API.textToSpeech,
      () => apiError(ErrorCode.OPERATION_FAILED, 'Generation failed, credits returned.'),
      {
        once: true,
      },
    );
    renderPage();
    typeText('Hello');
    fireEvent.submit(screen.getByTestId('voice-form'));
    expect((await screen.findByTestId('result-error')).textContent).toContain(
      'Generation failed, credits returned.',
    );

    fakeApi(API.textToSpeech, () => apiError(ErrorCode.NOT_ENOUGH_CREDITS, 'No credits'), { once: true });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requestsTo(API.textToSpeech)).toHaveLength(2));
    expect(onNotEnoughCredits).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByTestId('result-busy')).toBeNull());
    expect(screen.queryByTestId('result-error')).toBeNull();
  });
});
