import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { ErrorCode, IMAGE_PRESETS } from '@lumi/contract';
import type { Config } from './config';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { guardScope } from './lib/endpoint';
import { ok } from './lib/envelope';
import { BusinessError } from './lib/errors';
import { authHook } from './plugins/auth';
import { answerClientError, registerErrorHandler, sendEnvelope } from './plugins/error-handler';
import { registerInputChecks } from './plugins/input-checks';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { registerSeo } from './plugins/seo';
import { registerPwa } from './plugins/pwa';
import { registerSameOrigin } from './plugins/same-origin';
import { AdminPolicy } from './plugins/admin';
import {
  answerFrameworkError,
  registerSecurityHeaders,
  securityHeadersOptions,
} from './plugins/security-headers';
import { registerRateLimits } from './modules/limits/rate-limits';
import { sweep as sweepQuotas } from './modules/limits/quota.repository';
import { Redis } from 'ioredis';
import { CreditsService } from './modules/credits/credits.service';
import { creditsRoutes } from './modules/credits/credits.routes';
import { SessionService } from './modules/session/session.service';
import { CharactersService } from './modules/characters/characters.service';
import { adminCharacterRoutes, characterRoutes } from './modules/characters/characters.routes';
import { LocalStorage, type FileStorage } from './lib/storage';
import { ChatService } from './modules/chat/chat.service';
import { chatRoutes } from './modules/chat/chat.routes';
import {
  DemoChatEngine,
  estimateTokens,
  OpenAICompatibleEngine,
  PROFILE_SETTINGS,
  type ChatEngine,
} from '@lumi/engines';
import { loginRoutes, sessionRoutes } from './modules/session/session.routes';
import {
  accountRoutes,
  devOutboxRoutes,
  emailLoginRoutes,
  oauthRoutes,
} from './modules/accounts/accounts.routes';
import { OAuthService } from './modules/accounts/oauth.service';
import { AccountsService } from './modules/accounts/accounts.service';
import { DevOutbox, SmtpMailer, type Mailer } from './lib/mailer';
import { contentDir, defaultWebDistDir } from './paths';
import { ContentLibrary } from './modules/content/content-library';
import { contentRoutes } from './modules/content/content.routes';
import { Prerenderer } from './modules/content/prerender';
import { SiteTexts } from './modules/content/site-texts';
import { NowPaymentsGateway, StripeGateway } from './modules/payments/gateways';
import { TestCardGateway, TestCryptoGateway } from './modules/payments/test-checkout';
import { PaymentsService } from './modules/payments/payments.service';
import { RedeemService } from './modules/payments/redeem.service';
import { adminPaymentRoutes, paymentRoutes, paymentWebhookRoutes } from './modules/payments/payments.routes';
import { JobQueue } from './modules/jobs/job-queue';
import { JOBS_CHANNEL } from './modules/jobs/jobs.repository';
import { Worker, type JobHandler } from './modules/jobs/worker';
import { ImagesService } from './modules/images/images.service';
import { imageEngineFor } from './modules/images/engine';
import { PresetSamples } from './modules/images/preset-samples';
import {
  imageRoutes,
  presetSampleRoutes,
  privateFileRoutes,
  publicImageRoutes,
} from './modules/images/images.routes';
import { filesSecret } from './lib/files-secret';
import { PrivateFiles, S3Storage } from './lib/storage';
import {
  ElevenLabsEngine,
  EspeakEngine,
  LandmarkFaceSwapEngine,
  OpenAISpeechEngine,
  type FaceSwapEngine,
  type ImageEngine,
  type SpeechEngine,
} from '@lumi/engines';
import { FaceSwapService } from './modules/images/faceswap.service';
import { ModerationService } from './modules/safety/moderation.service';
import { moderationEnginesFor } from './modules/safety/engines';
import type { ModerationEngine } from '@lumi/engines';
import { SpeechService } from './modules/speech/speech.service';
import { publicSpeechRoutes, speechRoutes } from './modules/speech/speech.routes';
import { ReportsService } from './modules/reports/reports.service';
import { adminReportRoutes, reportRoutes } from './modules/reports/reports.routes';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where files go; the local directory under DATA_DIR by default. */
  storage?: FileStorage;
  /** The chat engine; by default from config (OpenAI-compatible, or the offline demo). */
  chatEngine?: ChatEngine;
  /** Pino options or false; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Where mail goes; by default SMTP_URL, or the dev outbox. */
  mailer?: Mailer;
  /** The image engine; by default from config (A1111, ComfyUI, OpenAI, or the offline preview). */
  imageEngine?: ImageEngine;
  /** Where private files go; a directory under DATA_DIR by default. */
  privateStorage?: FileStorage;
  /** The text-to-speech engine; by default from config (ElevenLabs, OpenAI-compatible, eSpeak NG). */
  speechEngine?: SpeechEngine;
  /** The face swap engine; the embedded landmark one by default. */
  faceSwapEngine?: FaceSwapEngine;
  /** Redis for the shared rate limits; by default a client of REDIS_URL when it is set. */
  redis?: Redis;
  /** Moderation backends after the offline floor; by default from config (MODERATION_*). */
  moderation?: { text?: ModerationEngine[]; image?: ModerationEngine };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      sessions: SessionService;
      accounts: AccountsService;
      credits: CreditsService;
      characters: CharactersService;
      chat: ChatService;
      payments: PaymentsService;
      redeem: RedeemService;
      queue: JobQueue;
      images: ImagesService;
      speech: SpeechService;
      faceSwap: FaceSwapService;
      moderation: ModerationService;
      reports: ReportsService;
    };
    /** The job worker of this process, when RUN_WORKERS is on. */
    worker: Worker | undefined;
    /** Every route as registered (method and URL pattern, HEAD included): the app's call inventory. */
    routeList: readonly { method: string; url: string }[];
  }
}

export type App = FastifyInstance;

const REQUEST_ID = /^[\w.-]{1,64}$/;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const trusted = config.trustProxy;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // A hop count trusts that many proxies from the socket inward (Fastify's own rule for numbers).
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    bodyLimit: config.bodyLimitBytes,
    handlerTimeout: config.requestTimeoutMs,
    // Uploads (character create, voice clone) may take up to 200 s on a slow connection.
    requestTimeout: Math.max(config.requestTimeoutMs, 200_000),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A URL Fastify cannot decode is answered before any hook: with the headers and the envelope.
    frameworkErrors: answerFrameworkError,
    // What Node's HTTP parser refuses (a URL over 16 KB) is answered with the envelope too.
    clientErrorHandler: answerClientError,
  });

  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  const sessions = new SessionService({
    db: database.db,
    clock,
    ttlMs: config.sessionTtlMs,
    touristsPerNetwork: {
      hour: config.limits.touristsPerNetworkHour,
      day: config.limits.touristsPerNetworkDay,
    },
  });
  const credits = new CreditsService({
    db: database.db,
    clock,
    dailyFreeCredits: config.dailyFreeCredits,
    touristCreditsPerNetwork: config.limits.touristCreditsPerNetworkDay,
  });
  const storage =
    deps.storage ??
    (config.s3 ? new S3Storage({ ...config.s3, prefix: 'public/' }) : new LocalStorage(config.filesDir));
  const admins = new AdminPolicy(config.admins, config.manageBlockedHosts);
  const configured = moderationEnginesFor(config);
  const moderation = new ModerationService({
    db: database.db,
    text: deps.moderation?.text ?? configured.text,
    floorOff: !config.moderation.floor,
    ...((deps.moderation?.image ?? configured.image)
      ? { image: deps.moderation?.image ?? configured.image }
      : {}),
    log: app.log,
  });
  const characters = new CharactersService({
    db: database.db,
    clock,
    storage,
    autoApprove: config.characterAutoApprove,
    admins,
    moderation,
  });
  const chat = new ChatService({
    db: database.db,
    credits,
    characters,
    engine: deps.chatEngine ?? chatEngineFor(config),
    moderation,
    admins,
    backendModel: (profile) => config.llm.models[profile] ?? profile,
    profiles: PROFILE_SETTINGS,
    estimateTokens,
    replyTimeoutMs: config.llm.timeoutMs,
    turnCacheChars: config.chatCacheChars,
  });
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl
      ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
      : new DevOutbox((mail) =>
          app.log.warn({ to: mail.to, subject: mail.subject }, `dev outbox: ${mail.text}`),
        ));
  const files = new PrivateFiles(
    deps.privateStorage ??
      (config.s3
        ? new S3Storage({ ...config.s3, prefix: 'private/' })
        : new LocalStorage(config.privateFilesDir)),
    config.filesSecret ?? (await filesSecret(database.db)),
  );
  const accounts = new AccountsService({
    db: database.db,
    clock,
    mailer,
    siteName: config.siteName,
    storage,
    privateStorage: files.storage,
    sessions,
    moderation,
  });
  const oauth = new OAuthService({
    db: database.db,
    clock,
    publicUrl: config.publicUrl,
    providers: config.oauth,
    accounts,
  });
  const { stripe, nowpayments, testCheckout } = config.payments;
  const testCard = !stripe && testCheckout ? new TestCardGateway() : undefined;
  const testCrypto = !nowpayments && testCheckout ? new TestCryptoGateway(database.db) : undefined;
  const payments = new PaymentsService({
    db: database.db,
    clock,
    credits,
    card: stripe ? new StripeGateway(stripe) : testCard,
    crypto: nowpayments ? new NowPaymentsGateway(nowpayments) : testCrypto,
    mailer,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  if (testCard || testCrypto) {
    app.log.warn(
      'payments: no provider keys, so the built-in test checkout is on (PAYMENTS_TEST_CHECKOUT=false turns it off)',
    );
  }
  const redeem = new RedeemService({ db: database.db, clock, credits });
  const queue = new JobQueue({ db: database.db, clock, credits });
  const imageEngine = deps.imageEngine ?? imageEngineFor(config.image);
  const images = new ImagesService({
    db: database.db,
    clock,
    credits,
    queue,
    engine: imageEngine,
    files,
    storage,
    freeFastPerDay: config.jobs.freeFastImagesPerDay,
    maxOpenPerUser: config.jobs.maxOpenPerUser,
    timeoutMs: config.image.timeoutMs,
    moderation,
  });
  const elevenlabs = config.speech.elevenlabs
    ? new ElevenLabsEngine({
        baseUrl: config.speech.elevenlabs.url,
        apiKey: config.speech.elevenlabs.apiKey,
        voiceIds: config.speech.elevenlabs.voiceIds,
        defaultVoiceId: config.speech.elevenlabs.defaultVoiceId,
        modelId: config.speech.elevenlabs.modelId,
      })
    : undefined;
  const speech = new SpeechService({
    db: database.db,
    clock,
    credits,
    queue,
    engine: deps.speechEngine ?? speechEngineFor(config, elevenlabs),
    cloner: config.speech.clone === 'elevenlabs' ? elevenlabs : undefined,
    files,
    storage,
    maxOpenPerUser: config.jobs.maxOpenPerUser,
    moderation,
  });
  const faceSwap = new FaceSwapService({
    db: database.db,
    clock,
    credits,
    queue,
    engine: deps.faceSwapEngine ?? new LandmarkFaceSwapEngine(),
    files,
    maxOpenPerUser: config.jobs.maxOpenPerUser,
    moderation,
  });
  const reports = new ReportsService({
    db: database.db,
    clock,
    admins,
    storage,
    hideThreshold: config.reportHideThreshold,
    forgetUser: (userId) => sessions.forgetUser(userId),
    engines: () => moderation.engines,
  });
  const presetSamples = new PresetSamples({
    engine: imageEngine,
    storage,
    moderation,
    mode: config.image.styleSamples,
    timeoutMs: config.image.timeoutMs,
    now: () => clock().getTime(),
    log: app.log,
  });
  if (config.image.styleSamples === 'start' && presetSamples.real) {
    // In the background: the tiles show the drawings until each sample is there.
    app.addHook('onReady', async () => {
      void presetSamples.warm(IMAGE_PRESETS.map((p) => p.id));
    });
  }
  app.decorate('services', {
    moderation,
    reports,
    faceSwap,
    sessions,
    credits,
    characters,
    chat,
    accounts,
    payments,
    redeem,
    queue,
    images,
    speech,
  });
  const worker = config.jobs.runWorkers
    ? createWorker({
        queue,
        handlers: {
          image: images.handler,
          speech: speech.speechHandler,
          voice_clone: speech.cloneHandler,
          faceswap: faceSwap.handler,
        },
        config,
        database,
        log: app.log,
      })
    : undefined;
  app.decorate('worker', worker);
  if (worker) {
    app.addHook('onReady', () => worker.start());
    app.addHook('onClose', () => worker.stop());
  }
  // Removed accounts are erased with their data every 10 minutes (spec: within 72 hours), and
  // ended quota windows forgotten; any number of processes may do it at once.
  const eraseRemoved = () =>
    Promise.all([
      accounts
        .eraseRemoved()
        .catch((err: unknown) => app.log.error({ err }, 'erasing removed accounts failed')),
      sweepQuotas(database.db, clock()).catch((err: unknown) =>
        app.log.error({ err }, 'sweeping quota counters failed'),
      ),
    ]);
  let eraser: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void eraseRemoved();
    eraser = setInterval(() => void eraseRemoved(), 10 * 60_000);
    eraser.unref();
  });
  app.addHook('onClose', async () => clearInterval(eraser));
  app.decorateRequest('auth', null);

  const content = ContentLibrary.load(contentDir());
  const texts = SiteTexts.load({
    site: config.siteName,
    count: config.dailyFreeCredits,
    email: config.supportEmail,
  });
  const prerender = new Prerenderer({
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    content,
    texts,
  });

  // First: its hook must run before any hook that answers on its own (redirects, limits).
  await registerSecurityHeaders(app, securityHeadersOptions(config));
  registerErrorHandler(app);
  registerInputChecks(app);
  await registerOpenApi(app, { siteName: config.siteName, publicUrl: config.publicUrl });
  registerSameOrigin(app, { publicUrl: config.publicUrl });
  const redis = deps.redis ?? (config.redisUrl ? redisClient(config.redisUrl, app) : undefined);
  if (redis && !deps.redis) {
    app.addHook('onReady', () => connected(redis, app));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  await registerRateLimits(app, { redis, scale: config.limits.rateScale });
  registerSeo(app, {
    publicUrl: config.publicUrl,
    httpsHosts: config.forceHttpsHosts,
    stagingHosts: config.manageBlockedHosts,
    articles: content.articles('en').map(({ slug }) => ({ slug, locales: content.localesOf('blog', slug) })),
  });

  registerPwa(app, { siteName: config.siteName, texts });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  // Liveness: the process answers, without touching the database (also the bench's bare route).
  app.get('/livez', () => ({ status: 'ok' }));

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.db.execute(sql`SELECT 1`);
      return ok({ status: 'ok', database: database.kind });
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return sendEnvelope(reply, 503, {
        code: ErrorCode.SERVICE_BUSY,
        message: 'database unavailable',
        data: null,
      });
    }
  });

  if (config.devOutbox) await app.register(devOutboxRoutes, { mailer });

  await app.register(
    async (api) => {
      await api.register(loginRoutes, { sessions, credits, accounts });
      await api.register(emailLoginRoutes, { accounts });
      await api.register(oauthRoutes, { oauth, publicUrl: config.publicUrl });
      await api.register(paymentWebhookRoutes, { payments, prefix: '/webhooks' });
      await api.register(publicImageRoutes, { images, sessions });
      await api.register(presetSampleRoutes, { samples: presetSamples });
      await api.register(publicSpeechRoutes, { speech });
      await api.register(contentRoutes, { content });
      await api.register(
        async (auth) => {
          guardScope(auth, 'session', authHook(sessions));
          // Unknown calls under /auth pass the guard too: without a session they answer 100000.
          auth.setNotFoundHandler(() => {
            throw new BusinessError(ErrorCode.NOT_FOUND, 'not_found', {}, 404);
          });
          await auth.register(sessionRoutes, { sessions, credits });
          await auth.register(accountRoutes, { accounts, credits });
          await auth.register(creditsRoutes, { credits });
          await auth.register(paymentRoutes, {
            payments,
            redeem,
            testCard,
            testCrypto,
            deliver: (url, headers, payload) =>
              app.inject({
                method: 'POST',
                url,
                headers: { ...headers, 'content-type': 'application/json' },
                payload,
              }),
          });
          await auth.register(chatRoutes, { chat });
          await auth.register(imageRoutes, { images, faceSwap, queue });
          await auth.register(speechRoutes, { speech, credits });
          await auth.register(reportRoutes, { reports });
          await auth.register(characterRoutes, {
            characters,
            adminOnly: admins.hook(),
          });
        },
        { prefix: '/auth' },
      );
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', authHook(sessions));
          // Every admin call, in one place: the caller must be an admin (plugins/admin.ts).
          guardScope(admin, 'admin', admins.hook());
          await admin.register(adminCharacterRoutes, { characters });
          await admin.register(adminPaymentRoutes, { redeem });
          await admin.register(adminReportRoutes, { reports });
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/cgi-bin' },
  );

  await app.register(privateFileRoutes, { files, now: () => clock().getTime() });

  if (storage instanceof LocalStorage) {
    await fs.mkdir(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      // Keys are unique per upload, so a file never changes.
      immutable: true,
      maxAge: '365d',
    });
  }

  await registerWeb(app, {
    distDir: config.webDistDir ?? defaultWebDistDir(),
    prerender,
    pageDetails: async (match) => {
      if (match.name === 'characterChat' && match.params.code)
        return characters.preview(Number(match.params.code));
      if (match.name === 'imageShare' && match.params.shareId)
        return images.sharePreview(match.params.shareId);
      return undefined;
    },
    appConfig: {
      siteName: config.siteName,
      dailyFreeCredits: config.dailyFreeCredits,
      supportEmail: config.supportEmail,
      links: config.links,
      payments: payments.modes(),
      speechOffline: speech.offline,
      imagePreview: images.preview,
      styleSamples: presetSamples.real,
      chatDemo: chat.demo,
    },
  });

  return app;
}

/**
 * A Redis client for the rate limits: short timeouts and no queue while disconnected, so a Redis
 * outage lets requests through (the limiter skips its errors) instead of holding them.
 */
function redisClient(url: string, app: App): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', (err: Error) => app.log.warn({ err }, 'redis unavailable'));
  return redis;
}

/** Waits (2 s at most) for Redis at start, so the first requests are counted too. */
function connected(redis: Redis, app: App): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      app.log.warn('redis not ready after 2 s: rate limits pass until it is');
      resolve();
    }, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The configured chat engine: OpenAI-compatible when LLM_BASE_URL is set, else the demo. */
export function chatEngineFor(config: Config): ChatEngine {
  if (config.llm.baseUrl) {
    return new OpenAICompatibleEngine({
      baseUrl: config.llm.baseUrl,
      apiKey: config.llm.apiKey,
      timeoutMs: config.llm.timeoutMs,
    });
  }
  return new DemoChatEngine({ wordDelayMs: config.llm.demoWordDelayMs });
}

/** A job worker for this process: woken by NOTIFY on the jobs channel, polling as a fallback. */
export function createWorker(options: {
  queue: JobQueue;
  handlers: Partial<Record<'image' | 'speech' | 'voice_clone' | 'faceswap', JobHandler>>;
  config: Config;
  database: Database;
  log: App['log'];
}): Worker {
  return new Worker({
    queue: options.queue,
    handlers: options.handlers,
    concurrency: options.config.jobs.concurrency,
    listen: (onJob) => options.database.listen(JOBS_CHANNEL, onJob),
    log: options.log,
    // The embedded database has one process: at start, no running job has a live worker.
    recoverAllAtStart: options.database.kind === 'pglite',
  });
}

/** The configured speech engine: ElevenLabs, OpenAI-compatible, or eSpeak NG (offline). */
function speechEngineFor(config: Config, elevenlabs: ElevenLabsEngine | undefined): SpeechEngine {
  if (config.speech.engine === 'elevenlabs' && elevenlabs) return elevenlabs;
  const openai = config.speech.openai;
  if (config.speech.engine === 'openai' && openai) {
    return new OpenAISpeechEngine({
      baseUrl: openai.url,
      apiKey: openai.apiKey,
      model: openai.model,
      voices: openai.voices,
      defaultVoice: openai.defaultVoice,
    });
  }
  return new EspeakEngine();
}
