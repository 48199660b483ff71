import { ErrorCode, type JobStatus } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { setupPageI18n } from '@/testing/page-i18n';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import commonEn from '@/locales/en/common.json';
import imagesEn from '@/locales/en/images.json';
import { apiError, fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { memoryRouter } from '@/testing/memory-router';
import { ToolPage } from './tool-page';

setupFakeApi();
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }));
/** What the server says runs: a real image engine unless a test says the preview renderer. */
const engine = vi.hoisted(() => ({ preview: false }));
vi.mock('@/lib/app-config', async (importOriginal) => {
  const { appConfig } = await importOriginal<{ appConfig: object }>();
  return {
    appConfig: {
      ...appConfig,
      get imagePreview() {
        return engine.preview;
      },
    },
  };
});

const i18n = setupPageI18n({ common: commonEn, images: imagesEn });

beforeAll(() => {
  // jsdom has neither; the page asks where the results are and scrolls to them.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: false, media: query }),
  });
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, value: () => undefined });
});

/** Job ids are UUIDs: the status call refuses anything else. */
const JOB_1 = '0b6f9a52-51c4-4d6e-9f0a-1c2d3e4f5a61';
const JOB_2 = '0b6f9a52-51c4-4d6e-9f0a-1c2d3e4f5a62';
const JOB_9 = '0b6f9a52-51c4-4d6e-9f0a-1c2d3e4f5a69';

/** The server: the image call answers `nextJob`; the job's statuses, one per poll. */
let nextJob = JOB_1;
let statuses: Partial<JobStatus>[] = [];
/** The image calls the page made, as it sent them. */
const created = () => requestsTo(API.imageCreate).map((r) => r.sent.body);

beforeEach(() => {
  sessionStorage.clear();
  nextJob = JOB_1;
  statuses = [];
  engine.preview = false;
  fakeApi(API.imageCreate, () => ({ id: nextJob }));
  fakeApi(API.jobStatus, ({ query }) => {
    const next = statuses.length > 1 ? statuses.shift() : statuses[0];
    return { id: query.id, kind: 'image', state: 'queued', preview: true, created_at: 1, ...next };
  });
  fakeApi(API.imageHistory, () => ({ items: [] }));
});
afterEach(cleanup);

function renderPage(tool: 'anime' | 'image' = 'anime', onAdult = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = memoryRouter('/free-ai-anime-generator', {
    '*': <ToolPage tool={tool} isVip={false} onAdult={onAdult} />,
  });
  const view = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, onAdult };
}

/** The visible Generate button (the desktop one; jsdom shows both). */
const generateButton = () => screen.getAllByTestId('generate')[0]!;

describe('the generation states', () => {
  it('go Generate, in queue with position and wait, Generating with progress, then the pictures', async () => {
    statuses = [
      { state: 'queued', position: 1, wait_seconds: 4 },
      { state: 'running', progress: 0.4 },
      {
        state: 'done',
        images: [
          { url: '/files/private/a.webp', width: 768, height: 1024 },
          { url: '/files/private/b.webp', width: 768, height: 1024 },
        ],
      },
    ];
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Chibi' }));
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    expect(generateButton().textContent).toContain('Generate · 6 credits');
    fireEvent.click(generateButton());

    await waitFor(() =>
      expect(screen.getByTestId('generation-status').textContent).toBe('In queue: position 2, about 4 s'),
    );
    expect(created()).toEqual([
      {
        prompt: '',
        size: '768x1024',
        count: 2,
        speed: 'slow',
        model: 'standard',
        preset: 'anime-chibi',
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('generation-status').textContent).toBe('Generating…'), {
      timeout: 6000,
    });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    const done = await screen.findByTestId('generation-done', {}, { timeout: 6000 });
    expect(within(done).getAllByTestId('result-image')).toHaveLength(2);
    expect(within(done).getAllByTestId('preview-badge')).toHaveLength(2);
    expect(within(done).getByTestId('preview-note').textContent).toContain('built-in preview renderer');
    // Kept for the next visit.
    expect(JSON.parse(sessionStorage.getItem('imageTool.anime.job') ?? '{}')).toMatchObject({ id: JOB_1 });
  }, 15_000);

  it('show a failed job’s message; Retry sends the same request again', async () => {
    statuses = [{ state: 'failed', message: 'Service busy, retry later' }];
    renderPage();
    fireEvent.click(generateButton());
    const failed = await screen.findByTestId('generation-failed');
    expect(failed.textContent).toContain('Service busy, retry later');
    expect(failed.textContent).toContain('Your credits were returned.');
    statuses = [{ state: 'done', images: [{ url: '/x.webp', width: 768, height: 1024 }] }];
    nextJob = JOB_2;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('generation-done');
    expect(created()).toHaveLength(2);
    expect(created()[1]).toEqual(created()[0]);
  });

  it('resume the kept job on return', async () => {
    sessionStorage.setItem(
      'imageTool.anime.job',
      JSON.stringify({ id: JOB_9, request: { prompt: '', count: 1, speed: 'slow', model: 'standard' } }),
    );
    statuses = [{ state: 'done', images: [{ url: '/kept.webp', width: 768, height: 1024 }] }];
    renderPage();
    const done = await screen.findByTestId('generation-done');
    expect(within(done).getByRole('img').getAttribute('src')).toBe('/kept.webp');
    expect(created()).toHaveLength(0);
    expect(requestsTo(API.jobStatus).map((r) => r.query.id)).toEqual([JOB_9]);
  });

  it('open the adult notice for 100008 and show other refusals in place', async () => {
    fakeApi(API.imageCreate, () => apiError(ErrorCode.NSFW_REQUIRED, 'adult'), { once: true });
    const { onAdult } = renderPage();
    fireEvent.click(generateButton());
    await waitFor(() => expect(onAdult).toHaveBeenCalled());
    expect(screen.getByTestId('generation-empty')).toBeTruthy();

    fakeApi(API.imageCreate, () => apiError(ErrorCode.FORBIDDEN, 'Fast generation is free 5 times a day.'), {
      once: true,
    });
    fireEvent.click(generateButton());
    const failed = await screen.findByTestId('generation-failed');
    expect(failed.textContent).toContain('Fast generation is free 5 times a day.');
    expect(within(failed).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('wait for a prompt on the image generator', () => {
    renderPage('image');
    expect(generateButton()).toHaveProperty('disabled', true);
    expect(screen.getAllByTestId('generate-tip')[0]?.textContent).toBe('Describe your picture to start.');
    fireEvent.change(screen.getByTestId('prompt'), { target: { value: 'a red fox' } });
    expect(generateButton()).toHaveProperty('disabled', false);
  });
});

describe('with the offline preview renderer', () => {
  it('say the pictures are free instead of a cost, and promise no refund when one fails', async () => {
    engine.preview = true;
    statuses = [{ state: 'failed', message: 'Service busy, retry later' }];
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    expect(generateButton().textContent).toContain('Generate · free in preview');
    expect(generateButton().textContent).not.toMatch(/credit/);
    expect(screen.getByTestId('preview-free').textContent).toContain('cost no credits');
    expect(screen.getAllByText('Free in preview')).toHaveLength(2);
    expect(screen.queryByText(/credits per image/)).toBeNull();
    fireEvent.click(generateButton());
    const failed = await screen.findByTestId('generation-failed');
    expect(failed.textContent).toContain('Service busy, retry later');
    expect(failed.textContent).not.toContain('Your credits were returned.');
  });
});
