/** A promise marked with its outcome, as React's `use` reads it. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

/**
 * Marks a promise with its outcome as React's `use` reads it (`status`, `value`, `reason`), so
 * what has already arrived can be read at once instead of a render later.
 */
export function track<T>(promise: Promise<T>): Promise<T> {
  const tracked: Tracked<T> & { reason?: unknown } = promise;
  tracked.status = 'pending';
  // Blocks, not expressions: a handler that returned the promise itself would adopt its failure.
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}

/** The value of a tracked promise that has resolved; undefined before (or after a failure). */
export function settledValue<T>(promise: Tracked<T> | undefined): T | undefined {
  return promise?.status === 'fulfilled' ? promise.value : undefined;
}
