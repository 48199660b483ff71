/**
 * Typed failures every engine reports, whatever protocol it speaks, so the server can map them
 * to the envelope (busy, timeout, refused input) and refund the credits a job spent.
 */
export type EngineErrorKind =
  /** The backend could not be reached or answered 5xx: try later. */
  | 'unavailable'
  /** The backend took longer than the engine's time limit. */
  | 'timeout'
  /** The caller went away (browser closed, job cancelled). */
  | 'aborted'
  /** The backend refused the input (4xx other than auth), e.g. a prompt it will not render. */
  | 'rejected'
  /** The engine is misconfigured (bad key, unknown model). */
  | 'config'
  /** The backend answered something the protocol does not allow. */
  | 'protocol';

export class EngineError extends Error {
  override name = 'EngineError';
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isEngineError(err: unknown): err is EngineError {
  return err instanceof EngineError;
}
