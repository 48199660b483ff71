import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z.url();

/**
 * Every setting the server reads, with its default. Read once at start-up; nothing else reads
 * process.env. The README's settings table mirrors this list.
 */
export const envSchema = z.object({
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
  /**
   * Redis for what every process shares: the request rate limits and the character lists'
   * cache; unset: each process counts and caches alone.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * GET /metrics (Prometheus text) on a port of its own, bound to METRICS_HOST (loopback by
   * default); with neither it nor METRICS_TOKEN set, no process serves its metrics.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** GET /metrics on the main port too, for `Authorization: Bearer <token>` only (and required on METRICS_PORT then). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The metrics port of `npm run worker` processes (METRICS_PORT by default). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
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
  /** The workflow for a picture with a character's reference (issue 22); `off`: description only. */
  IMAGE_COMFYUI_REFERENCE_WORKFLOW: z.string().min(1).optional(),
  /** How A1111 uses a character's reference picture: img2img (default) or IP-Adapter (ControlNet). */
  IMAGE_A1111_REFERENCE: z.enum(['img2img', 'ip-adapter', 'off']).default('img2img'),
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
  /**
   * How long a page of the public character lists and search (the same for every visitor) is
   * served from the shared cache; any character change clears it sooner. 0: no cache.
   */
  LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}
