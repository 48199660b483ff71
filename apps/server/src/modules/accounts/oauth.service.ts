import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@lumi/contract';
import * as client from 'openid-client';
import type { OAuthProviderConfig } from '../../config';
import type { Db } from '../../db/client';
import { insertOauthFlow, takeOauthFlow } from './accounts.repository';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import { sha256 } from '../../lib/hash';
import { providerType, type AccountsService } from './accounts.service';

/** How long a sign-in at a provider may take, start to callback. */
const FLOW_MS = 10 * 60_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface OAuthDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  providers: OAuthProviderConfig[];
  accounts: AccountsService;
}

export interface FinishedFlow {
  popup: boolean;
  returnTo: string;
  /** The login type and access token for POST /cgi-bin/login. */
  type: number;
  token: string;
}

const failed = () => new BusinessError(ErrorCode.LOGIN_FAILED, 'login_failed');

/** Only a path of this site: no other origin, no protocol-relative `//host`. */
export function safeReturn(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 512 ? value : '/';
}

/**
 * Google, Facebook and any other OpenID provider (spec §4, §7): the authorization-code flow with
 * PKCE S256, `state` and (OpenID) `nonce`, exact redirect URIs, and the code exchanged here on
 * the server. The user comes back known by provider and subject, as an access token for
 * POST /cgi-bin/login.
 */
export class OAuthService {
  private readonly configs = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly deps: OAuthDeps) {}

  /** The providers configured, for the sign-in dialog. */
  enabled(): string[] {
    return this.deps.providers.map((p) => p.name);
  }

  redirectUri(provider: string): string {
    return `${this.deps.publicUrl}/cgi-bin/login/oauth/${provider}/callback`;
  }

  private provider(name: string): OAuthProviderConfig {
    const found = this.deps.providers.find((p) => p.name === name);
    if (!found) throw new BusinessError(ErrorCode.NOT_FOUND, 'unsupported_login_type');
    return found;
  }

  /** The provider's configuration: discovered once for OpenID, given for Facebook. */
  private config(p: OAuthProviderConfig): Promise<client.Configuration> {
    let config = this.configs.get(p.name);
    if (!config) {
      const auth = client.ClientSecretPost(p.clientSecret);
      if (p.kind === 'oidc') {
        const issuer = new URL(p.issuer);
        // Plain http only for a provider on this machine (development, tests).
        const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
        config = client.discovery(issuer, p.clientId, undefined, auth, {
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        });
      } else {
        const conf = new client.Configuration(
          {
            issuer: new URL(p.authorizationUrl).origin,
            authorization_endpoint: p.authorizationUrl,
            token_endpoint: p.tokenUrl,
          },
          p.clientId,
          undefined,
          auth,
        );
        if (new URL(p.tokenUrl).protocol === 'http:' && LOOPBACK_HOSTS.has(new URL(p.tokenUrl).hostname)) {
          client.allowInsecureRequests(conf);
        }
        config = Promise.resolve(conf);
      }
      // A failed discovery is tried again next time.
      config.catch(() => this.configs.delete(p.name));
      this.configs.set(p.name, config);
    }
    return config;
  }

  /**
   * Starts a sign-in: remembers state, nonce and verifier under a new flow id (the browser keeps
   * it in an HttpOnly cookie) and answers the provider's authorization URL.
   */
  async start(
    name: string,
    options: { popup: boolean; returnTo: string; binding: string },
  ): Promise<{ url: string; flowId: string }> {
    const p = this.provider(name);
    const config = await this.config(p).catch(() => {
      throw new BusinessError(ErrorCode.SERVICE_BUSY, 'service_busy');
    });
    // A 64-character verifier (spec §9), state and nonce of 256 random bits each.
    const verifier = randomBytes(48).toString('base64url');
    const state = client.randomState();
    const nonce = client.randomNonce();
    const flowId = randomBytes(32).toString('base64url');
    await insertOauthFlow(this.deps.db, {
      idHash: sha256(flowId),
      provider: p.name,
      state,
      nonce,
      verifier,
      popup: options.popup,
      returnTo: safeReturn(options.returnTo),
      bindingHash: sha256(options.binding),
      expiresAt: new Date(this.deps.clock().getTime() + FLOW_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(p.name),
      scope: p.kind === 'oidc' ? 'openid profile email' : 'public_profile email',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(p.kind === 'oidc' ? { nonce } : {}),
    });
    return { url: url.href, flowId };
  }

  /**
   * The provider sent the browser back: the flow of its cookie must exist, be this provider's
   * and carry the same state; the code is exchanged with the verifier (and, for OpenID, the ID
   * token's nonce checked). Each flow is used once.
   */
  async finish(name: string, flowId: string | undefined, callbackUrl: URL): Promise<FinishedFlow> {
    const p = this.provider(name);
    if (!flowId) throw failed();
    const flow = await takeOauthFlow(this.deps.db, sha256(flowId));
    if (!flow || flow.provider !== p.name || flow.expiresAt <= this.deps.clock()) throw failed();
    const done = { popup: flow.popup, returnTo: flow.returnTo };
    const config = await this.config(p);
    // openid-client compares the URL it is given with the redirect URI: give it ours, exactly.
    const current = new URL(this.redirectUri(p.name));
    current.search = callbackUrl.search;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        ...(p.kind === 'oidc' ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
      });
    } catch (err) {
      throw Object.assign(failed(), { cause: err, ...done });
    }
    let subject: string;
    let email: string | null = null;
    let emailVerified = false;
    let displayName: string;
    let head: string;
    if (p.kind === 'oidc') {
      const idClaims = tokens.claims();
      if (!idClaims?.sub) throw Object.assign(failed(), done);
      subject = idClaims.sub;
      // Providers that keep profile claims out of the ID token give them at the userinfo endpoint.
      let claims: Record<string, unknown> = idClaims;
      if ((!idClaims.email || !idClaims.name) && config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, subject).catch(() => undefined);
        if (info) claims = { ...info, ...idClaims };
      }
      if (typeof claims.email === 'string') email = claims.email.toLowerCase();
      // Only an explicit `true` proves the address (a missing claim proves nothing).
      emailVerified = email !== null && claims.email_verified === true;
      displayName = typeof claims.name === 'string' ? claims.name : '';
      head = typeof claims.picture === 'string' ? claims.picture : '';
    } else {
      // Facebook: who it is comes from the Graph API's /me with the access token.
      const me = await fetch(p.meUrl, { headers: { authorization: `Bearer ${tokens.access_token}` } })
        .then((r) =>
          r.ok ? (r.json() as Promise<Record<string, unknown>>) : Promise.reject(new Error(String(r.status))),
        )
        .catch(() => {
          throw Object.assign(failed(), done);
        });
      if (typeof me.id !== 'string' || !me.id) throw Object.assign(failed(), done);
      subject = me.id;
      email = typeof me.email === 'string' ? me.email.toLowerCase() : null;
      displayName = typeof me.name === 'string' ? me.name : '';
      const picture = me.picture as { data?: { url?: unknown } } | undefined;
      head = typeof picture?.data?.url === 'string' ? picture.data.url : '';
    }
    const type = providerType(p.name);
    const token = await this.deps.accounts.issueToken(
      {
        type,
        provider: p.name,
        subject,
        email,
        emailVerified,
        name: displayName || (email?.split('@')[0] ?? ''),
        head,
      },
      flow.bindingHash,
    );
    return { ...done, type, token };
  }
}
