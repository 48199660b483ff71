import { z } from 'zod';
import { CHARACTER_LIMITS } from '../characters';
import { USER_NAME_MAX } from '../session';
import * as API from './routes/accounts';
import { endpoint, noData } from './endpoint';
import { userInfoSchema } from './session';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** POST /cgi-bin/login/email/start: sends a sign-in code to the address. */
export const emailStartBodySchema = z.strictObject({ email });

/** POST /cgi-bin/login/email/verify: the code; answers `data.access_token` for login type 4. */
export const emailVerifyBodySchema = z.strictObject({
  email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** The access token of the proven address, for POST /cgi-bin/login with type 4 in this browser. */
export const emailVerifyDataSchema = z.object({ access_token: z.string() });
export type EmailVerifyData = z.infer<typeof emailVerifyDataSchema>;

/**
 * POST /cgi-bin/auth/user/update (signed-in accounts): any of the name, `enable_nsfw` (the
 * adult-content setting; turning it on needs `confirm_adult: true`, the 18+ confirmation) and,
 * as multipart, a `head` image file.
 */
export const userUpdateBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(USER_NAME_MAX).optional(),
  enable_nsfw: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
  confirm_adult: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
    .optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/** GET /cgi-bin/login/oauth: the providers this site signs in with, for the sign-in dialog. */
export const oauthProvidersSchema = z.object({
  /** Their names, as the paths below take them (`google`, `facebook`, `oidc`). */
  providers: z.array(z.string()),
});
export type OAuthProviders = z.infer<typeof oauthProvidersSchema>;

/** A provider's name in the path; whether it is configured is the call's own answer. */
export const oauthProviderParamsSchema = z.strictObject({
  provider: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/),
});

/**
 * GET /cgi-bin/login/oauth/:provider: how the sign-in goes. Other parameters are ignored (a
 * browser comes here by a link).
 */
export const oauthStartQuerySchema = z.object({
  /** `1`: the sign-in runs in a popup, whose page hands the result to its opener. */
  popup: z.string().optional(),
  /** The page of this site to come back to (a path; anything else comes back to `/`). */
  return: z.string().optional(),
});

/**
 * GET /cgi-bin/login/oauth/:provider/callback: what the provider sends back (OAuth 2.0's
 * authorization response; its other parameters, such as `scope`, pass through unread).
 */
export const oauthCallbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** Sign-in by e-mail code and by provider (spec §4), and the account's own settings (spec §7). */
export const ACCOUNT_ENDPOINTS = {
  emailStart: endpoint({
    ...API.emailStart,
    summary: 'Mail a six-digit sign-in code to an address (binds the sign-in to this browser by a cookie)',
    tag: 'accounts',
    access: 'public',
    body: emailStartBodySchema,
    response: noData,
  }),
  emailVerify: endpoint({
    ...API.emailVerify,
    summary: 'Prove the address with its code: answers the access token for POST /cgi-bin/login, type 4',
    tag: 'accounts',
    access: 'public',
    body: emailVerifyBodySchema,
    response: emailVerifyDataSchema,
  }),
  oauthProviders: endpoint({
    ...API.oauthProviders,
    summary: 'The sign-in providers this site offers (Google, Facebook, another OpenID provider)',
    tag: 'accounts',
    access: 'public',
    response: oauthProvidersSchema,
  }),
  oauthStart: endpoint({
    ...API.oauthStart,
    summary: "Start a sign-in at a provider: redirects to the provider's page (code flow with PKCE)",
    tag: 'accounts',
    access: 'public',
    params: oauthProviderParamsSchema,
    query: oauthStartQuerySchema,
    redirect: "The provider's sign-in page",
    response: noData,
  }),
  oauthCallback: endpoint({
    ...API.oauthCallback,
    summary:
      'Where the provider sends the browser back: a page that hands the access token (or the failure) to the opener, or back to the page that started a full-page sign-in',
    tag: 'accounts',
    access: 'public',
    params: oauthProviderParamsSchema,
    query: oauthCallbackQuerySchema,
    answer: {
      type: 'text/html',
      description:
        "A popup's page: it posts { source: 'lumi-login', login_type, access_token, redirect } or { error } to its opener, on this site's origin only",
    },
    redirect:
      'A full-page sign-in: back to the page that started it, the outcome (login_type and access_token, or error) in the fragment',
    response: noData,
  }),
  userUpdate: endpoint({
    ...API.userUpdate,
    summary: 'Change your name, the adult-content setting (18+ confirmation) or your avatar (accounts)',
    tag: 'accounts',
    access: 'session',
    body: userUpdateBodySchema,
    upload: { files: { head: { maxBytes: CHARACTER_LIMITS.avatarBytes, kind: 'image' } } },
    response: userInfoSchema,
  }),
  userDelete: endpoint({
    ...API.userDelete,
    summary: 'Remove your account: it stops working now and is erased with what it made (accounts)',
    tag: 'accounts',
    access: 'session',
    response: noData,
  }),
};
