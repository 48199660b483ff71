import { AsyncLocalStorage } from 'node:async_hooks';

const requestIds = new AsyncLocalStorage<string>();

/**
 * Runs a route's handler with its request id at hand for whatever it calls, however deep (a job
 * it queues keeps the id, so the worker's logs of the job carry the request's reqId), without
 * threading the id through every service.
 */
export function withRequestId<T>(id: string, fn: () => T): T {
  return requestIds.run(id, fn);
}

/** The id of the request being handled, when called from a route's handler. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}
