import type { Envelope } from '@lumi/contract';

/** A success: code 0 with its data; `message` says so to the user when a call has its own words. */
export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 0, message, data };
}
