import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { ErrorCode } from '@lumi/contract';
import { systemClock } from './lib/clock';
import { guardScope } from './lib/endpoint';
import { BusinessError } from './lib/errors';
import { authHook } from './plugins/auth';
import { answerClientError, registerErrorHandler } from './plugins/error-handler';
import { readinessOf, registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { AppMetrics } from './lib/metrics';
import { queueSnapshot } from './modules/jobs/jobs.repository';
import { registerInputChecks } from './plugins/input-checks';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { registerSeo } from './plugins/seo';
import { registerPwa } from './plugins/pwa';
import { registerSameOrigin } from './plugins/same-origin';
import {
  answerFrameworkError,
  registerSecurityHeaders,
  securityHeadersOptions,
} from './plugins/security-headers';
import { registerRateLimits } from './modules/limits/rate-limits';
import { sweep as sweepQuotas } from './modules/limits/quota.repository';
import { Redis } from 'ioredis';
import type { CreditsService } from './modules/credits/credits.service';
import { creditsRoutes } from './modules/credits/credits.routes';
import type { SessionService } from './modules/session/session.service';
import type { CharactersService } from './modules/characters/characters.service';
import { adminCharacterRoutes, characterRoutes } from './modules/characters/characters.routes';
import { LocalStorage } from './lib/storage';
import type { ChatService } from './modules/chat/chat.service';
import { chatRoutes } from './modules/chat/chat.routes';
import { sessionRoutes } from './modules/session/session.routes';
import {
  accountRoutes,
  devOutboxRoutes,
  emailLoginRoutes,
  oauthRoutes,
} from './modules/accounts/accounts.routes';
import { loginRoutes } from './modules/accounts/login.routes';
import type { AccountsService } from './modules/accounts/accounts.service';
import { contentDir, defaultWebDistDir } from './paths';
import { ContentLibrary } from './modules/content/content-library';
import { contentRoutes } from './modules/content/content.routes';
import { Prerenderer } from './modules/content/prerender';
import { SiteTexts } from './modules/content/site-texts';
import type { PaymentsService } from './modules/payments/payments.service';
import type { RedeemService } from './modules/payments/redeem.service';
import { adminPaymentRoutes, paymentRoutes, paymentWebhookRoutes } from './modules/payments/payments.routes';
import type { JobQueue } from './modules/jobs/job-queue';
import type { Worker } from './modules/jobs/worker';
import type { ImagesService } from './modules/images/images.service';
import {
  imageRoutes,
  presetSampleRoutes,
  privateFileRoutes,
  publicImageRoutes,
} from './modules/images/images.routes';
import type { FaceSwapService } from './modules/images/faceswap.service';
import type { ModerationService } from './modules/safety/moderation.service';
import type { SpeechService } from './modules/speech/speech.service';
import type { MessageSpeechService } from './modules/speech/message-speech';
import { publicSpeechRoutes, speechRoutes } from './modules/speech/speech.routes';
import type { ReportsService } from './modules/reports/reports.service';
import type { OperatorService } from './modules/operator/operator.service';
import { operatorRoutes } from './modules/operator/operator.routes';
import { adminReportRoutes, reportRoutes } from './modules/reports/reports.routes';
import type { PicturesService } from './modules/pictures/pictures.service';
import { pictureRoutes } from './modules/pictures/pictures.routes';
import { buildServices, createWorker, type AppDeps } from './services';

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
      pictures: PicturesService;
      speech: SpeechService;
      messageSpeech: MessageSpeechService;
      faceSwap: FaceSwapService;
      moderation: ModerationService;
      reports: ReportsService;
      operator: OperatorService;
    };
    /** This process's Prometheus metrics (lib/metrics.ts), served as plugins/metrics.ts says. */
    metrics: AppMetrics;
    /** The job worker of this process, when RUN_WORKERS is on. */
    worker: Worker | undefined;
    /** Every route as registered (method and URL pattern, HEAD included): the app's call inventory. */
    routeList: readonly { method: string; url: string }[];
  }
}

export type App = FastifyInstance;
export type { AppDeps } from './services';

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

  const metrics = new AppMetrics();
  metrics.watchQueue(() => queueSnapshot(database.db, clock()));
  app.decorate('metrics', metrics);
  // One client for the rate limits and the lists' cache (made here: the services use it).
  const redis = deps.redis ?? (config.redisUrl ? redisClient(config.redisUrl, app) : undefined);
  const { services, storage, admins, mailer, files, oauth, presetSamples, testCard, testCrypto, engines } =
    await buildServices(app, deps, clock, redis);
  app.decorate('services', services);
  const {
    sessions,
    credits,
    characters,
    chat,
    accounts,
    payments,
    redeem,
    queue,
    images,
    pictures,
    speech,
    messageSpeech,
  } = services;
  const { faceSwap, reports, operator } = services;
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
        metrics,
        engines,
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
  const readiness = readinessOf({ database, redis, storages: [storage, files.storage] }, app.log);
  registerMetrics(app, { metrics, config: config.metrics, readiness });
  registerHealth(app, database, readiness);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

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
          await auth.register(imageRoutes, {
            images,
            faceSwap,
            queue,
            speechAudio: (job) => speech.statusAudio(job),
          });
          await auth.register(pictureRoutes, { pictures });
          await auth.register(speechRoutes, { speech, credits, messageSpeech });
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
          await admin.register(operatorRoutes, { operator });
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
 * A Redis client for the rate limits and the lists' cache: short timeouts and no queue while
 * disconnected, so a Redis outage lets requests through (the limiter skips its errors, the
 * cache misses) instead of holding them.
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
