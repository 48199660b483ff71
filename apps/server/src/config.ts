import { isIP } from 'node:net';
import path from 'node:path';
import type { S3Options } from './lib/storage';
import { ConfigError, envSchema, type Env } from './config-env';
import {
  imageConfig,
  moderationConfig,
  speechConfig,
  type ImageEngineConfig,
  type ModerationConfig,
  type SpeechConfig,
} from './config-engines';

export { ConfigError, type Env } from './config-env';
export type { ImageEngineConfig, ModerationConfig, SpeechConfig } from './config-engines';

/** Each way to pay: its provider's keys, or nothing (then the test checkout, when allowed). */
export interface PaymentsConfig {
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | undefined;
  nowpayments: { apiKey: string; ipnSecret: string; apiUrl: string } | undefined;
  testCheckout: boolean;
}

/** A sign-in provider: OpenID Connect by discovery (issuer), or plain OAuth 2 (Facebook). */
export type OAuthProviderConfig =
  | { name: 'google' | 'oidc'; kind: 'oidc'; issuer: string; clientId: string; clientSecret: string }
  | {
      name: 'facebook';
      kind: 'oauth2';
      authorizationUrl: string;
      tokenUrl: string;
      meUrl: string;
      clientId: string;
      clientSecret: string;
    };

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  redisUrl: string | undefined;
  /** Where this process serves GET /metrics (docs/deploy.md 'Metrics and health'). */
  metrics: {
    port: number | undefined;
    host: string;
    token: string | undefined;
    workerPort: number | undefined;
  };
  devOutbox: boolean;
  limits: {
    touristsPerNetworkHour: number;
    touristsPerNetworkDay: number;
    touristCreditsPerNetworkDay: number;
    rateScale: number;
  };
  requestTimeoutMs: number;
  bodyLimitBytes: number;
  sessionTtlMs: number;
  dailyFreeCredits: number;
  siteName: string;
  supportEmail: string;
  links: {
    sisterChat: string;
    video: string;
    chatCommunity: string;
    shortVideo: string;
    social: string;
  };
  webDistDir: string | undefined;
  /** Files (avatars, generated media) on the embedded local storage. */
  filesDir: string;
  admins: { uids: ReadonlySet<string>; emails: ReadonlySet<string> };
  characterAutoApprove: boolean;
  /** Report weight that hides a public character, picture or profile until an admin reviews it. */
  reportHideThreshold: number;
  /** Hosts (e.g. staging) where the manage-character page and admin calls are refused. */
  manageBlockedHosts: ReadonlySet<string>;
  forceHttpsHosts: ReadonlySet<string>;
  seedCharacters: boolean;
  llm: {
    /** OpenAI-compatible chat completions base URL; unset uses the offline demo engine. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    timeoutMs: number;
    /** Backend model name per profile id (LLM_MODEL unless overridden). */
    models: Record<string, string>;
    demoWordDelayMs: number;
  };
  chatCacheChars: number;
  /** Seconds a public list page stays in the shared cache (0: none). */
  listCacheSeconds: number;
  mail: { smtpUrl: string | undefined; from: string };
  publicUrl: string;
  oauth: OAuthProviderConfig[];
  payments: PaymentsConfig;
  filesSecret: string | undefined;
  s3: Omit<S3Options, 'prefix'> | undefined;
  privateFilesDir: string;
  jobs: { runWorkers: boolean; concurrency: number; freeFastImagesPerDay: number; maxOpenPerUser: number };
  image: ImageEngineConfig;
  speech: SpeechConfig;
  moderation: ModerationConfig;
}

/** The moderation backends after the offline floor (which is always on and needs no setting). */
const list = (value: string, lower = false): Set<string> =>
  new Set(
    value
      .split(',')
      .map((v) => (lower ? v.trim().toLowerCase() : v.trim()))
      .filter(Boolean),
  );

function trustProxy(value: string): Config['trustProxy'] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10)
      throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${hops} hops is not a real setup`);
    return hops;
  }
  const ranges = v
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const bad = ranges.filter((r) => !isRange(r));
  if (v === 'true' || v === 'yes' || bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: give the number of proxies in front (1) or their addresses (10.0.0.0/8,127.0.0.1), not ${bad.join(', ') || v}`,
    );
  }
  return ranges;
}

/** An IPv4 or IPv6 address, a CIDR range, or one of proxy-addr's names (loopback...). */
function isRange(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

function devOutbox(on: boolean, env: Env['NODE_ENV']): boolean {
  if (on && env === 'production') {
    throw new ConfigError('Invalid configuration:\n  DEV_OUTBOX: the dev outbox is never on in production');
  }
  return on;
}

/** Validates the environment; throws a ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    metrics: {
      port: e.METRICS_PORT,
      host: e.METRICS_HOST,
      token: e.METRICS_TOKEN,
      workerPort: e.WORKER_METRICS_PORT,
    },
    devOutbox: devOutbox(e.DEV_OUTBOX, e.NODE_ENV),
    limits: {
      touristsPerNetworkHour: e.TOURISTS_PER_NETWORK_HOUR,
      touristsPerNetworkDay: e.TOURISTS_PER_NETWORK_DAY,
      touristCreditsPerNetworkDay: e.TOURIST_CREDITS_PER_NETWORK_DAY,
      rateScale: e.RATE_LIMIT_SCALE,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    dailyFreeCredits: e.DAILY_FREE_CREDITS,
    siteName: e.SITE_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    links: {
      sisterChat: e.LINK_SISTER_CHAT,
      video: e.LINK_VIDEO,
      chatCommunity: e.LINK_CHAT_COMMUNITY,
      shortVideo: e.LINK_SHORT_VIDEO,
      social: e.LINK_SOCIAL,
    },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    filesDir: path.join(path.resolve(e.DATA_DIR), 'files'),
    admins: { uids: list(e.ADMIN_UIDS), emails: list(e.ADMIN_EMAILS, true) },
    characterAutoApprove: e.CHARACTER_AUTO_APPROVE,
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    manageBlockedHosts: list(e.MANAGE_BLOCKED_HOSTS, true),
    forceHttpsHosts: list(e.FORCE_HTTPS_HOSTS, true),
    seedCharacters: e.SEED_CHARACTERS,
    llm: {
      baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.LLM_API_KEY,
      timeoutMs: e.LLM_TIMEOUT_MS,
      models: {
        'nela-8b': e.LLM_MODEL_NELA_8B ?? e.LLM_MODEL,
        'lula-12b': e.LLM_MODEL_LULA_12B ?? e.LLM_MODEL,
        'genla-8b': e.LLM_MODEL_GENLA_8B ?? e.LLM_MODEL,
        'roleplay-1': e.LLM_MODEL_ROLEPLAY_1 ?? e.LLM_MODEL,
        'roleplay-2': e.LLM_MODEL_ROLEPLAY_2 ?? e.LLM_MODEL,
        'dialogue-1': e.LLM_MODEL_DIALOGUE_1 ?? e.LLM_MODEL,
        'girlfriend-1': e.LLM_MODEL_GIRLFRIEND_1 ?? e.LLM_MODEL,
      },
      demoWordDelayMs: e.DEMO_WORD_DELAY_MS,
    },
    chatCacheChars: e.CHAT_CACHE_CHARS,
    listCacheSeconds: e.LIST_CACHE_SECONDS,
    filesSecret: e.FILES_SECRET,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL ?? `${e.S3_ENDPOINT.replace(/\/+$/, '')}/${e.S3_BUCKET}`,
          }
        : undefined,
    privateFilesDir: path.join(path.resolve(e.DATA_DIR), 'private-files'),
    jobs: {
      runWorkers: e.RUN_WORKERS,
      concurrency: e.WORKER_CONCURRENCY,
      freeFastImagesPerDay: e.FREE_FAST_IMAGES_PER_DAY,
      maxOpenPerUser: e.MAX_OPEN_JOBS_PER_USER,
    },
    image: imageConfig(e),
    speech: speechConfig(e),
    moderation: moderationConfig(e),
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
            }
          : undefined,
      nowpayments:
        e.NOWPAYMENTS_API_KEY && e.NOWPAYMENTS_IPN_SECRET
          ? {
              apiKey: e.NOWPAYMENTS_API_KEY,
              ipnSecret: e.NOWPAYMENTS_IPN_SECRET,
              apiUrl: e.NOWPAYMENTS_API_URL.replace(/\/+$/, ''),
            }
          : undefined,
      testCheckout: e.PAYMENTS_TEST_CHECKOUT,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@lumi.example>` },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    oauth: [
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? [
            {
              name: 'google' as const,
              kind: 'oidc' as const,
              issuer: e.GOOGLE_ISSUER,
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
            },
          ]
        : []),
      ...(e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? [
            {
              name: 'facebook' as const,
              kind: 'oauth2' as const,
              authorizationUrl: e.FACEBOOK_AUTH_URL,
              tokenUrl: e.FACEBOOK_TOKEN_URL,
              meUrl: e.FACEBOOK_ME_URL,
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
            },
          ]
        : []),
      ...(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? [
            {
              name: 'oidc' as const,
              kind: 'oidc' as const,
              issuer: e.OIDC_ISSUER,
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
            },
          ]
        : []),
    ],
  };
}
