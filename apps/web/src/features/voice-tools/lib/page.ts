import { ApiError, errorMessage } from '@/lib/api-client';

/** Why a call failed, for the page: the server's message, else a network or a generic line. */
export function failureText(err: unknown, network: string, generic: string): string {
  if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) return network;
  return errorMessage(err, generic);
}

/** Takes phones to the result area, which sits under the form there. */
export { revealOnPhones } from '@/lib/reveal';
