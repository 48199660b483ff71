import type { Envelope } from '@lumi/contract';

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, message: 'success', data };
}
