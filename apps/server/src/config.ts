import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Options } from './lib/storage';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z.url();

/**
 * Every setting the server reads, with its default. Read once at start-up; nothing else reads
 * process.env. The README's settings table mirrors this list.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies in front of the server, whose X-Forwarded-For/-Proto are believed: a hop count
   * (`1` for one load balancer) or their addresses and ranges (`10.0.0.0/8,127.0.0.1`). Never
   * "everything": a client could then pick its own address. `false` or `0`: no proxy.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Redis for the request rate limits shared by every process; unset: each process counts alone. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** GET /dev/outbox (the mail kept without SMTP) for loopback callers; never in production. */
  DEV_OUTBOX: bool.default(false),
  /** New tourists one network (IPv4 address or IPv6 /64) may make per hour and per day. */
  TOURISTS_PER_NETWORK_HOUR: z.coerce.number().int().min(1).default(30),
  TOURISTS_PER_NETWORK_DAY: z.coerce.number().int().min(1).default(100),
  /** Free daily credits all tourists of one network may draw in a UTC day, together. */
  TOURIST_CREDITS_PER_NETWORK_DAY: z.coerce.number().int().min(0).default(150),
  /** Multiplies every request rate limit (a test site driving many browsers from one address). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(10_000).default(1),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  DAILY_FREE_CREDITS: z.coerce.number().int().min(0).max(100_000).default(30),
  SITE_NAME: z.string().min(1).default('Lumi AI'),
  SUPPORT_EMAIL: z.email().default('support@lumi.example'),
  LINK_SISTER_CHAT: url.default('https://chat.lumi.example'),
  LINK_VIDEO: url.default('https://video.lumi.example'),
  LINK_CHAT_COMMUNITY: url.default('https://discord.com/invite/lumi'),
  LINK_SHORT_VIDEO: url.default('https://www.tiktok.com/@lumi'),
  LINK_SOCIAL: url.default('https://x.com/lumi'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  ADMIN_UIDS: z.string().default(''),
  ADMIN_EMAILS: z.string().default(''),
  CHARACTER_AUTO_APPROVE: bool.default(false),
  /** Distinct reporters (a minor-safety report counts twice) that hide a public item until review. */
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(3),
  MANAGE_BLOCKED_HOSTS: z.string().default(''),
  /** Hosts that only answer https: plain http is redirected (behind a proxy, with TRUST_PROXY). */
  FORCE_HTTPS_HOSTS: z.string().default(''),
  SEED_CHARACTERS: bool.default(true),
  LLM_BASE_URL: url.optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('default'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  LLM_MODEL_NELA_8B: z.string().min(1).optional(),
  LLM_MODEL_LULA_12B: z.string().min(1).optional(),
  LLM_MODEL_GENLA_8B: z.string().min(1).optional(),
  LLM_MODEL_ROLEPLAY_1: z.string().min(1).optional(),
  LLM_MODEL_ROLEPLAY_2: z.string().min(1).optional(),
  LLM_MODEL_DIALOGUE_1: z.string().min(1).optional(),
  LLM_MODEL_GIRLFRIEND_1: z.string().min(1).optional(),
  DEMO_WORD_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(30),
  /** The site's own address as browsers reach it: sign-in redirect URIs are built on it. */
  PUBLIC_URL: url.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: url.default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTH_URL: url.default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: url.default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_ME_URL: url.default('https://graph.facebook.com/v19.0/me?fields=id,name,email,picture'),
  /** Any other OpenID provider, signing in as login type 4 like email. */
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** smtp:// or smtps:// URL of the mail server; unset keeps mail in the dev outbox and the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's API base, for a proxy or a local test server; Stripe itself by default. */
  STRIPE_API_URL: url.default('https://api.stripe.com'),
  NOWPAYMENTS_API_KEY: z.string().min(1).optional(),
  NOWPAYMENTS_IPN_SECRET: z.string().min(1).optional(),
  NOWPAYMENTS_API_URL: url.default('https://api.nowpayments.io'),
  /** Without a provider's keys, its button opens the built-in test checkout; false turns it off. */
  PAYMENTS_TEST_CHECKOUT: bool.default(true),
  /** An S3-compatible bucket for files instead of DATA_DIR (all five S3_* but the public URL). */
  S3_ENDPOINT: url.optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where browsers load public files (objects under public/): a CDN or the bucket's address. */
  S3_PUBLIC_URL: url.optional(),
  /** Secret that signs private file URLs; unset, one is made once and kept in the database. */
  FILES_SECRET: z.string().min(16).optional(),
  /** Job workers in the server process (`false`: only `npm run worker` processes run jobs). */
  RUN_WORKERS: bool.default(true),
  /** Jobs each worker process runs at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Generations one user may have waiting or running at once. */
  MAX_OPEN_JOBS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(4),
  FREE_FAST_IMAGES_PER_DAY: z.coerce.number().int().min(0).max(1000).default(5),
  /** preview (offline), a1111, comfyui or openai; unset picks the one whose URL is set. */
  IMAGE_ENGINE: z.enum(['preview', 'a1111', 'comfyui', 'openai']).optional(),
  IMAGE_A1111_URL: url.optional(),
  IMAGE_COMFYUI_URL: url.optional(),
  /** A ComfyUI workflow in API format with {{placeholders}}; the bundled SDXL one by default. */
  IMAGE_COMFYUI_WORKFLOW: z.string().min(1).optional(),
  IMAGE_OPENAI_URL: url.optional(),
  IMAGE_API_KEY: z.string().min(1).optional(),
  /** Checkpoint (A1111, ComfyUI) or model name (OpenAI) of each tier. */
  IMAGE_MODEL_STANDARD: z.string().min(1).optional(),
  IMAGE_MODEL_ADVANCED: z.string().min(1).optional(),
  IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  IMAGE_STYLE_SAMPLES: z.enum(['lazy', 'start', 'off']).default('lazy'),
  /** espeak (offline), elevenlabs or openai; unset picks the one whose key or URL is set. */
  SPEECH_ENGINE: z.enum(['espeak', 'elevenlabs', 'openai']).optional(),
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_URL: url.default('https://api.elevenlabs.io'),
  /** Preset to ElevenLabs voice id: `aria=21m00Tcm4TlvDq8ikWAM,adam=pNInz6obpgDQGcFmaJgB`. */
  ELEVENLABS_VOICE_IDS: z.string().default(''),
  ELEVENLABS_DEFAULT_VOICE_ID: z.string().min(1).optional(),
  ELEVENLABS_MODEL_ID: z.string().min(1).default('eleven_multilingual_v2'),
  /** OpenAI-compatible /v1/audio/speech base including /v1 (Kokoro-FastAPI, LocalAI…). */
  SPEECH_OPENAI_URL: url.optional(),
  SPEECH_API_KEY: z.string().min(1).optional(),
  SPEECH_MODEL: z.string().min(1).default('tts-1'),
  /** Preset to the backend's voice name: `aria=af_bella,adam=am_adam`. */
  SPEECH_VOICES: z.string().default(''),
  SPEECH_DEFAULT_VOICE: z.string().min(1).default('alloy'),
  /** Voice cloning: elevenlabs (needs its key) or convert (offline signal processing). */
  CLONE_ENGINE: z.enum(['convert', 'elevenlabs']).optional(),
  /** Characters of recent chats' messages each process keeps between sends (0 turns it off). */
  CHAT_CACHE_CHARS: z.coerce.number().int().min(0).default(20_000_000),
  /** OpenAI-compatible `/v1/moderations` server (OpenAI itself: https://api.openai.com), with or without /v1. */
  MODERATION_URL: url.optional(),
  /** Bearer key of the moderation backends (both); the Llama Guard one falls back to LLM_API_KEY on LLM_BASE_URL. */
  MODERATION_API_KEY: z.string().min(1).optional(),
  /** The `/v1/moderations` model, e.g. omni-moderation-latest; unset: the server's default. */
  MODERATION_OPENAI_MODEL: z.string().min(1).optional(),
  /** A Llama Guard 3/4 model on an OpenAI-compatible chat server: turns that backend on. */
  MODERATION_MODEL: z.string().min(1).optional(),
  /** The chat server of MODERATION_MODEL, with or without /v1; LLM_BASE_URL by default. */
  MODERATION_CHAT_URL: url.optional(),
  MODERATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Picture moderation: nsfwjs (offline, default), openai (MODERATION_URL, omni-moderation) or off. */
  MODERATION_IMAGES: z.enum(['nsfwjs', 'openai', 'off']).default('nsfwjs'),
  /** nsfwjs: Porn + Hentai from which a picture is explicit. */
  MODERATION_IMAGE_THRESHOLD: z.coerce.number().min(0.05).max(1).default(0.7),
  /**
   * `off` only to measure what the offline floor costs (bench/chat.mjs); never in production.
   * The floor is on in every real configuration.
   */
  MODERATION_FLOOR: z.enum(['on', 'off']).default('on'),
});

export type Env = z.infer<typeof envSchema>;

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
export interface ModerationConfig {
  /** OpenAI-compatible `/v1/moderations`: URL as given (the engine adds /v1 when missing). */
  openai: { url: string; apiKey: string | undefined; model: string | undefined } | undefined;
  /** A Llama Guard style model on an OpenAI-compatible chat server. */
  llamaGuard: { url: string; apiKey: string | undefined; model: string } | undefined;
  /** What checks pictures: the offline nsfwjs model, the /v1/moderations server, or nothing. */
  images: 'nsfwjs' | 'openai' | 'off';
  imageThreshold: number;
  timeoutMs: number;
  /** false only for measuring (bench): refused in production. */
  floor: boolean;
}

function moderationConfig(e: Env): ModerationConfig {
  const openai = e.MODERATION_URL
    ? {
        url: e.MODERATION_URL.replace(/\/+$/, ''),
        apiKey: e.MODERATION_API_KEY,
        model: e.MODERATION_OPENAI_MODEL,
      }
    : undefined;
  let llamaGuard: ModerationConfig['llamaGuard'];
  if (e.MODERATION_MODEL) {
    const url = (e.MODERATION_CHAT_URL ?? e.LLM_BASE_URL)?.replace(/\/+$/, '');
    if (!url) {
      throw new ConfigError(
        'Invalid configuration:\n  MODERATION_MODEL needs a chat server: MODERATION_CHAT_URL or LLM_BASE_URL',
      );
    }
    // The chat key goes only to the chat server it was made for, never to another host.
    const onChatServer = url === e.LLM_BASE_URL?.replace(/\/+$/, '');
    llamaGuard = {
      url,
      apiKey: e.MODERATION_API_KEY ?? (onChatServer ? e.LLM_API_KEY : undefined),
      model: e.MODERATION_MODEL,
    };
  }
  if (e.MODERATION_IMAGES === 'openai' && !openai) {
    throw new ConfigError('Invalid configuration:\n  MODERATION_IMAGES=openai needs MODERATION_URL');
  }
  if (e.MODERATION_FLOOR === 'off' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  MODERATION_FLOOR: the offline floor is never off in production',
    );
  }
  return {
    floor: e.MODERATION_FLOOR === 'on',
    openai,
    llamaGuard,
    images: e.MODERATION_IMAGES,
    imageThreshold: e.MODERATION_IMAGE_THRESHOLD,
    timeoutMs: e.MODERATION_TIMEOUT_MS,
  };
}

export interface SpeechConfig {
  engine: 'espeak' | 'elevenlabs' | 'openai';
  clone: 'convert' | 'elevenlabs';
  elevenlabs:
    | {
        url: string;
        apiKey: string;
        voiceIds: Record<string, string>;
        defaultVoiceId: string | undefined;
        modelId: string;
      }
    | undefined;
  openai:
    | {
        url: string;
        apiKey: string | undefined;
        model: string;
        voices: Record<string, string>;
        defaultVoice: string;
      }
    | undefined;
}

const pairs = (value: string): Record<string, string> =>
  Object.fromEntries(
    value
      .split(',')
      .map((p) => p.split('=').map((s) => s.trim()))
      .filter((p): p is [string, string] => p.length === 2 && !!p[0] && !!p[1]),
  );

function speechConfig(e: Env): SpeechConfig {
  const elevenlabs = e.ELEVENLABS_API_KEY
    ? {
        url: e.ELEVENLABS_URL.replace(/\/+$/, ''),
        apiKey: e.ELEVENLABS_API_KEY,
        voiceIds: pairs(e.ELEVENLABS_VOICE_IDS),
        defaultVoiceId: e.ELEVENLABS_DEFAULT_VOICE_ID,
        modelId: e.ELEVENLABS_MODEL_ID,
      }
    : undefined;
  const openai = e.SPEECH_OPENAI_URL
    ? {
        url: e.SPEECH_OPENAI_URL.replace(/\/+$/, ''),
        apiKey: e.SPEECH_API_KEY,
        model: e.SPEECH_MODEL,
        voices: pairs(e.SPEECH_VOICES),
        defaultVoice: e.SPEECH_DEFAULT_VOICE,
      }
    : undefined;
  const engine = e.SPEECH_ENGINE ?? (elevenlabs ? 'elevenlabs' : openai ? 'openai' : 'espeak');
  if ((engine === 'elevenlabs' && !elevenlabs) || (engine === 'openai' && !openai)) {
    throw new ConfigError(`Invalid configuration:\n  SPEECH_ENGINE=${engine} needs its key or URL`);
  }
  const clone = e.CLONE_ENGINE ?? (elevenlabs ? 'elevenlabs' : 'convert');
  if (clone === 'elevenlabs' && !elevenlabs) {
    throw new ConfigError('Invalid configuration:\n  CLONE_ENGINE=elevenlabs needs ELEVENLABS_API_KEY');
  }
  return { engine, clone, elevenlabs, openai };
}

export interface ImageEngineConfig {
  engine: 'preview' | 'a1111' | 'comfyui' | 'openai';
  url: string | undefined;
  apiKey: string | undefined;
  workflow: string | undefined;
  models: { standard: string | undefined; advanced: string | undefined };
  timeoutMs: number;
  /**
   * The style tiles with a real engine: drawn by it on first request (`lazy`), all at start
   * (`start`), or never (`off`: the offline drawings stay). Without a real engine, the drawings.
   */
  styleSamples: 'lazy' | 'start' | 'off';
}

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

const list = (value: string, lower = false): Set<string> =>
  new Set(
    value
      .split(',')
      .map((v) => (lower ? v.trim().toLowerCase() : v.trim()))
      .filter(Boolean),
  );

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function imageConfig(e: Env): ImageEngineConfig {
  const engine =
    e.IMAGE_ENGINE ??
    (e.IMAGE_A1111_URL
      ? 'a1111'
      : e.IMAGE_COMFYUI_URL
        ? 'comfyui'
        : e.IMAGE_OPENAI_URL
          ? 'openai'
          : 'preview');
  const url = {
    preview: undefined,
    a1111: e.IMAGE_A1111_URL,
    comfyui: e.IMAGE_COMFYUI_URL,
    openai: e.IMAGE_OPENAI_URL,
  }[engine];
  if (engine !== 'preview' && !url) {
    throw new ConfigError(
      `Invalid configuration:\n  IMAGE_ENGINE=${engine} needs IMAGE_${engine.toUpperCase()}_URL`,
    );
  }
  return {
    engine,
    url: url?.replace(/\/+$/, ''),
    apiKey: e.IMAGE_API_KEY,
    workflow: e.IMAGE_COMFYUI_WORKFLOW,
    models: { standard: e.IMAGE_MODEL_STANDARD, advanced: e.IMAGE_MODEL_ADVANCED },
    timeoutMs: e.IMAGE_TIMEOUT_MS,
    styleSamples: e.IMAGE_STYLE_SAMPLES,
  };
}

/**
 * TRUST_PROXY as Fastify takes it: off, a hop count, or addresses and CIDR ranges. "true" (trust
 * whoever connects) is refused: any client could then write its own address.
 */
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
