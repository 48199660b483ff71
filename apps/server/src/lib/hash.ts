import { createHash } from 'node:crypto';

/** Hex SHA-256 of a text: what is stored of tickets, codes and tokens instead of them. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
