import { ErrorCode } from '@lumi/contract';
import { ApiError } from '@/lib/api-client';

/** The server refused: not an admin, or management is blocked on this host. */
export function isForbidden(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ErrorCode.FORBIDDEN;
}

export type Access =
  | { state: 'checking' }
  | { state: 'admin' }
  /** approve-list refused: the caller is not an admin. */
  | { state: 'notAdmin' }
  /** An /admin call refused an admin: the host blocks management ('manage_blocked'). */
  | { state: 'blocked'; message: string }
  | { state: 'error' };

/**
 * What the page may show. approve-list answers FORBIDDEN only to non-admins; the /admin calls
 * also answer FORBIDDEN, with the translated 'manage_blocked' message, on blocked hosts (the
 * staging host, spec §2). So a FORBIDDEN from an /admin call after approve-list succeeded means
 * the host is blocked, and its message is the one to show.
 */
export function resolveAccess(queueError: unknown, queueLoaded: boolean, adminError: unknown): Access {
  if (isForbidden(queueError)) return { state: 'notAdmin' };
  if (isForbidden(adminError)) return { state: 'blocked', message: adminError.message };
  if (queueLoaded) return { state: 'admin' };
  if (queueError) return { state: 'error' };
  return { state: 'checking' };
}
