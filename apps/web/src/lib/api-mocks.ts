import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi, type ApiHandlers } from './api-client';

/** Test setup: the API client's handlers as mocks and `fetch` stubbed, fresh for each test. */
export function mockApi(locale: string) {
  const mocks = {
    handlers: {} as { [K in keyof ApiHandlers]: ReturnType<typeof vi.fn> },
    fetch: vi.fn<typeof fetch>(),
  };
  beforeEach(() => {
    mocks.handlers = {
      onNoSession: vi.fn(() => Promise.resolve()),
      onNotEnoughCredits: vi.fn(),
      onError: vi.fn(),
      onNetworkError: vi.fn(),
      locale: vi.fn(() => locale),
      sessionReady: vi.fn(() => Promise.resolve()),
    };
    configureApi(mocks.handlers as unknown as ApiHandlers);
    mocks.fetch.mockReset();
    vi.stubGlobal('fetch', mocks.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());
  return mocks;
}
