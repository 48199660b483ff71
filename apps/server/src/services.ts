import { PicturesService } from './modules/pictures/pictures.service';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { IMAGE_PRESETS } from '@lumi/contract';
import type { Config } from './config';
import { type Database } from './db/client';
import { type Clock } from './lib/clock';
import { AdminPolicy } from './plugins/admin';
import type { Redis } from 'ioredis';
import { CreditsService } from './modules/credits/credits.service';
import { SessionService } from './modules/session/session.service';
import { CharactersService } from './modules/characters/characters.service';
import { LocalStorage, type FileStorage } from './lib/storage';
import { ChatService } from './modules/chat/chat.service';
import {
  DemoChatEngine,
  countTokens,
  OpenAICompatibleEngine,
  PROFILE_SETTINGS,
  type ChatEngine,
} from '@lumi/engines';
import { OAuthService } from './modules/accounts/oauth.service';
import { AccountsService } from './modules/accounts/accounts.service';
import { DevOutbox, SmtpMailer, type Mailer } from './lib/mailer';
import { NowPaymentsGateway, StripeGateway } from './modules/payments/gateways';
import { TestCardGateway, TestCryptoGateway } from './modules/payments/test-checkout';
import { PaymentsService } from './modules/payments/payments.service';
import { RedeemService } from './modules/payments/redeem.service';
import { JobQueue } from './modules/jobs/job-queue';
import { JOBS_CHANNEL } from './modules/jobs/jobs.repository';
import { Worker, type JobHandler } from './modules/jobs/worker';
import { ImagesService } from './modules/images/images.service';
import { imageEngineFor } from './modules/images/engine';
import { PresetSamples } from './modules/images/preset-samples';
import { filesSecret } from './db/files-secret';
import { PrivateFiles, S3Storage } from './lib/storage';
import {
  ConvertCloneEngine,
  ElevenLabsCloneEngine,
  ElevenLabsEngine,
  EspeakEngine,
  LandmarkFaceSwapEngine,
  OpenAISpeechEngine,
  type FaceSwapEngine,
  type ImageEngine,
  type SpeechEngine,
  type VoiceCloneEngine,
} from '@lumi/engines';
import { FaceSwapService } from './modules/images/faceswap.service';
import { ModerationService } from './modules/safety/moderation.service';
import { moderationEnginesFor } from './modules/safety/engines';
import type { ModerationEngine } from '@lumi/engines';
import { SpeechService } from './modules/speech/speech.service';
import { MessageSpeechService } from './modules/speech/message-speech';
import { ReportsService } from './modules/reports/reports.service';
import { OperatorService } from './modules/operator/operator.service';
import type { EngineInfo } from './modules/operator/engine-health';
import { metered, type AppMetrics } from './lib/metrics';
import { listCacheFor } from './modules/characters/list-cache';
import { likesCacheFor } from './modules/characters/likes-cache';

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
  /** Redis for the shared rate limits and list cache; by default a client of REDIS_URL when it is set. */
  redis?: Redis;
  /** Moderation backends after the offline floor; by default from config (MODERATION_*). */
  moderation?: { text?: ModerationEngine[]; image?: ModerationEngine };
}

/**
 * Every service of the app, built from the config and the dependencies a caller (a test) gives.
 * The app registers their routes (app.ts).
 */
export async function buildServices(
  app: FastifyInstance,
  deps: AppDeps,
  clock: Clock,
  redis: Redis | undefined = deps.redis,
) {
  const { config, database } = deps;
  const { metrics } = app;
  // Every engine counts its typed failures (lumi_engine_errors_total), whoever calls it.
  const meter = <T extends { readonly id: string }>(engine: T, capability: string) =>
    metered(engine, capability, metrics.engineErrors);
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
    metrics,
  });
  const storage =
    deps.storage ??
    (config.s3 ? new S3Storage({ ...config.s3, prefix: 'public/' }) : new LocalStorage(config.filesDir));
  const admins = new AdminPolicy(config.admins, config.manageBlockedHosts);
  const configured = moderationEnginesFor(config);
  const imageCheck = deps.moderation?.image ?? configured.image;
  const moderation = new ModerationService({
    db: database.db,
    text: (deps.moderation?.text ?? configured.text).map((e) => meter(e, 'moderation')),
    floorOff: !config.moderation.floor,
    ...(imageCheck ? { image: meter(imageCheck, 'moderation') } : {}),
    log: app.log,
    metrics,
  });
  const warnCache = (err: unknown, message: string) => app.log.warn({ err }, message);
  const characters = new CharactersService({
    db: database.db,
    clock,
    storage,
    autoApprove: config.characterAutoApprove,
    admins,
    moderation,
    publicUrl: config.publicUrl,
    listCache: listCacheFor(config.listCacheSeconds, redis, warnCache),
    likesCache: likesCacheFor(config.listCacheSeconds, redis, warnCache),
  });
  const listsChanged = () => characters.listedChanged();
  const chatEngine = meter(deps.chatEngine ?? chatEngineFor(config), 'chat');
  const chat = new ChatService({
    db: database.db,
    credits,
    characters,
    engine: chatEngine,
    moderation,
    admins,
    backendModel: (profile) => config.llm.models[profile] ?? profile,
    profiles: PROFILE_SETTINGS,
    countTokens,
    replyTimeoutMs: config.llm.timeoutMs,
    turnCacheChars: config.chatCacheChars,
    warn: (err, message) => app.log.warn({ err }, message),
  });
  // A memory fold under way ends before the database closes.
  app.addHook('onClose', () => chat.idle());
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
    listsChanged,
    likesChanged: (userId) => characters.likesMoved(userId),
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
  const card = stripe ? new StripeGateway(stripe) : testCard;
  const payments = new PaymentsService({
    db: database.db,
    clock,
    credits,
    card,
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
  const imageEngine = meter(deps.imageEngine ?? imageEngineFor(config.image), 'image');
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
  const pictures = new PicturesService({
    db: database.db,
    clock,
    characters,
    images,
    engine: chatEngine,
    backendModel: (profile) => config.llm.models[profile] ?? profile,
    timeoutMs: config.llm.timeoutMs,
    files,
    warn: (err, message) => app.log.warn({ err }, message),
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
  const speechEngine = meter(deps.speechEngine ?? speechEngineFor(config, elevenlabs), 'speech');
  const cloner = meter(cloneEngineFor(config, elevenlabs), 'voice_clone');
  const speech = new SpeechService({
    db: database.db,
    clock,
    credits,
    queue,
    engine: speechEngine,
    cloner,
    files,
    storage,
    maxOpenPerUser: config.jobs.maxOpenPerUser,
    moderation,
  });
  const messageSpeech = new MessageSpeechService({
    queue,
    chat,
    moderation,
    offline: speech.offline,
    maxOpenPerUser: config.jobs.maxOpenPerUser,
    audio: (job) => speech.statusAudio(job),
  });
  const faceSwapEngine = meter(deps.faceSwapEngine ?? new LandmarkFaceSwapEngine(), 'faceswap');
  const faceSwap = new FaceSwapService({
    db: database.db,
    clock,
    credits,
    queue,
    engine: faceSwapEngine,
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
    listsChanged,
    engines: () => moderation.engines,
  });
  const speechUrl =
    config.speech.engine === 'elevenlabs'
      ? config.speech.elevenlabs?.url
      : config.speech.engine === 'openai'
        ? config.speech.openai?.url
        : undefined;
  const engineInfo: EngineInfo[] = [
    {
      capability: 'chat',
      engine: chatEngine.id,
      offline: chatEngine.demo,
      ...(config.llm.baseUrl && !chatEngine.demo ? { probeUrl: `${config.llm.baseUrl}/models` } : {}),
    },
    {
      capability: 'image',
      engine: imageEngine.id,
      offline: imageEngine.preview,
      jobKind: 'image',
      ...(config.image.url && !imageEngine.preview ? { probeUrl: config.image.url } : {}),
    },
    {
      capability: 'speech',
      engine: speechEngine.id,
      offline: speechEngine.offline,
      jobKind: 'speech',
      ...(speechUrl && !speechEngine.offline ? { probeUrl: speechUrl } : {}),
    },
    {
      capability: 'voice_clone',
      engine: cloner.id,
      offline: cloner.offline,
      jobKind: 'voice_clone',
      ...(config.speech.elevenlabs && !cloner.offline ? { probeUrl: config.speech.elevenlabs.url } : {}),
    },
    { capability: 'faceswap', engine: faceSwapEngine.id, offline: true, jobKind: 'faceswap' },
    ...moderation.engines.map((id) => ({
      capability: 'moderation',
      engine: id,
      offline: id === 'offline-floor' || id === 'nsfwjs',
    })),
  ];
  const operator = new OperatorService({
    db: database.db,
    clock,
    credits,
    admins,
    card,
    forgetUser: (userId) => sessions.forgetUser(userId),
    engines: engineInfo,
    settle: (job) =>
      job.kind === 'faceswap' ? (faceSwap.handler.settled?.(job) ?? Promise.resolve()) : Promise.resolve(),
    log: app.log,
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
  return {
    /** What the app decorates itself with (`app.services`). */
    services: {
      moderation,
      reports,
      operator,
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
      pictures,
      speech,
      messageSpeech,
    },
    /** What only the routes need. */
    storage,
    admins,
    mailer,
    files,
    oauth,
    presetSamples,
    testCard,
    testCrypto,
    /** The engine of each job kind, for the worker's metrics. */
    engines: {
      image: imageEngine.id,
      speech: speechEngine.id,
      voice_clone: cloner.id,
      faceswap: faceSwapEngine.id,
    },
  };
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
  log: FastifyInstance['log'];
  metrics?: AppMetrics;
  engines?: Partial<Record<'image' | 'speech' | 'voice_clone' | 'faceswap', string>>;
}): Worker {
  return new Worker({
    queue: options.queue,
    handlers: options.handlers,
    concurrency: options.config.jobs.concurrency,
    listen: (onJob) => options.database.listen(JOBS_CHANNEL, onJob),
    log: options.log,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.engines ? { engines: options.engines } : {}),
    // The embedded database has one process: at start, no running job has a live worker.
    recoverAllAtStart: options.database.kind === 'pglite',
  });
}

/**
 * The configured voice cloning engine: ElevenLabs for typed scripts (recorded ones go to the
 * offline conversion), or the offline conversion for both.
 */
function cloneEngineFor(config: Config, elevenlabs: ElevenLabsEngine | undefined): VoiceCloneEngine {
  const convert = new ConvertCloneEngine();
  return config.speech.clone === 'elevenlabs' && elevenlabs
    ? new ElevenLabsCloneEngine(elevenlabs, convert)
    : convert;
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
