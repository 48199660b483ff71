import { z } from 'zod';
import * as API from './routes/session';
import { endpoint, noData } from './endpoint';

/** POST /cgi-bin/login, form-encoded (spec §7). Form values are strings, so type is coerced. */
export const loginBodySchema = z.strictObject({
  // A blank form value is a missing one, not the number 0.
  type: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((t) => t === 0 || t === 1 || t === 2 || t === 4),
  ),
  code: z.string().max(4096),
  vid: z.string().max(64).nullish(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The user-info fields of spec §3 that the client keeps (the ticket itself stays in a cookie). */
export const userInfoSchema = z.object({
  uid: z.string(),
  type: z.number().int(),
  name: z.string(),
  head: z.string(),
  enable_nsfw: z.boolean(),
  remain: z.number().int(),
  access_token: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginDataSchema = userInfoSchema.extend({ ticket: z.string() });
export type LoginData = z.infer<typeof loginDataSchema>;

/** GET /cgi-bin/auth/credit/remain: spec §7's three fields plus what the pages show. */
export const creditRemainSchema = z.object({
  remain: z.number().int(),
  /** Latest expiry of the paid credits, ms since the epoch, 0 when none. */
  expired: z.number().int(),
  subscription: z.boolean(),
  isVip: z.boolean(),
  free: z.number().int(),
  paid: z.number().int(),
  /** When free credits next reset (00:00 UTC), ms since the epoch. */
  free_resets_at: z.number().int(),
  daily_free: z.number().int(),
  /**
   * A guest's free credits today were cut short: the guests of its network have drawn the
   * network's daily pool. Signing in gives the full daily amount.
   */
  free_limited: z.boolean(),
});
export type CreditRemain = z.infer<typeof creditRemainSchema>;

/** Sign-in, the session and the credits (spec §3, §7). */
export const SESSION_ENDPOINTS = {
  login: endpoint({
    ...API.login,
    summary:
      'Sign in, form-encoded: a tourist with its 40-character code (type 0), or the access token of a proven identity (1 Google, 2 Facebook, 4 e-mail); sets the session cookies',
    tag: 'session',
    access: 'public',
    body: loginBodySchema,
    response: loginDataSchema,
  }),
  userInfo: endpoint({
    ...API.userInfo,
    summary: 'Who is signed in, with the credits left',
    tag: 'session',
    access: 'session',
    response: userInfoSchema,
  }),
  logout: endpoint({
    ...API.logout,
    summary: 'Sign out: the session ends and its cookies are cleared',
    tag: 'session',
    access: 'session',
    response: noData,
  }),
  creditRemain: endpoint({
    ...API.creditRemain,
    summary: 'The credits left: free (daily) and paid, with when the free ones reset',
    tag: 'credits',
    access: 'session',
    response: creditRemainSchema,
  }),
};
