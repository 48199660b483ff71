import { ErrorCode, type ErrorCodeValue, type MessageKey } from '@lumi/contract';

/**
 * An expected failure: the error handler turns it into the envelope with its code and the
 * message for `key`, translated into the caller's language. Never logged as an error.
 */
export class BusinessError extends Error {
  override name = 'BusinessError';
  constructor(
    readonly code: ErrorCodeValue,
    readonly key: MessageKey,
    readonly params: Record<string, string> = {},
    /** HTTP status; 200 unless the framework's own meaning applies (413, 415). */
    readonly status = 200,
  ) {
    super(key);
  }
}

export const notEnoughCredits = () => new BusinessError(ErrorCode.NOT_ENOUGH_CREDITS, 'not_enough_credits');

export const notFound = () => new BusinessError(ErrorCode.NOT_FOUND, 'not_found');

export const forbidden = () => new BusinessError(ErrorCode.FORBIDDEN, 'forbidden');
