import fastifyRateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@lumi/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { BusinessError } from '../../lib/errors';
import { networksOf } from '../../lib/network';

/** Who a rule counts: the signed-in account, the caller's network (/64, IPv4 address) or its /48 or /24. */
export type RateKey = 'account' | 'network' | 'wide';

export interface RateRule {
  by: RateKey;
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The usual pair of rules: so many calls per account and so many per network in a window. */
const perAccountAndNetwork = (account: number, network: number, windowMs = MINUTE) =>
  [
    { by: 'account', max: account, windowMs },
    { by: 'network', max: network, windowMs },
  ] as const satisfies readonly RateRule[];

/**
 * Every request rate limit of the site, by route group: how often one account and one network
 * may call. Quotas that count rows (open jobs, free fast images, sign-in codes, redeem tries, new
 * tourists, tourists' free credits) are not here: they are enforced in the database
 * (quota.repository.ts and the services), exact across processes.
 */
export const RATE_GROUPS = {
  /** Every API call: a ceiling per network against floods. */
  api: [
    { by: 'network', max: 1000, windowMs: MINUTE },
    { by: 'wide', max: 4000, windowMs: MINUTE },
  ],
  login: [
    { by: 'network', max: 30, windowMs: MINUTE },
    { by: 'wide', max: 120, windowMs: MINUTE },
  ],
  email: [{ by: 'network', max: 10, windowMs: MINUTE }],
  chat: perAccountAndNetwork(20, 60),
  generate: perAccountAndNetwork(12, 40),
  write: perAccountAndNetwork(30, 120),
  pay: perAccountAndNetwork(10, 30),
  /** Reports (issue 18): enough for someone who meets a lot of trouble, too few to flood the queue. */
  report: perAccountAndNetwork(20, 60, 60 * MINUTE),
} as const satisfies Record<string, readonly RateRule[]>;

export type RateGroup = keyof typeof RATE_GROUPS;

/** Which group each call belongs to, besides `api` (every /cgi-bin call). */
export const ROUTE_GROUPS: Record<string, RateGroup> = {
  'POST /cgi-bin/login': 'login',
  'POST /cgi-bin/login/email/start': 'email',
  'POST /cgi-bin/login/email/verify': 'email',
  'GET /cgi-bin/login/oauth/:provider': 'login',
  'POST /cgi-bin/auth/aigc/text': 'chat',
  'POST /cgi-bin/auth/character_msg/swipe': 'chat',
  'POST /cgi-bin/auth/aigc/image': 'generate',
  'POST /cgi-bin/auth/aigc/speech/text-to-speech': 'generate',
  'POST /cgi-bin/auth/aigc/speech/custom': 'generate',
  'POST /cgi-bin/auth/aigc/image/share': 'write',
  'POST /cgi-bin/auth/character/create': 'write',
  'POST /cgi-bin/auth/character/modify': 'write',
  'POST /cgi-bin/auth/character/delete': 'write',
  'POST /cgi-bin/auth/character/ratings': 'write',
  'POST /cgi-bin/auth/user/update': 'write',
  'POST /cgi-bin/auth/redeem': 'pay',
  'POST /cgi-bin/auth/v5pay/create-checkout-session': 'pay',
  'POST /cgi-bin/auth/nowpayments/create-checkout-session': 'pay',
  'POST /cgi-bin/auth/pay/test-checkout': 'pay',
  'POST /cgi-bin/auth/report/create': 'report',
};

export interface RateLimitOptions {
  /** Shared counters for every process; without it each process counts on its own. */
  redis: Redis | undefined;
  /** Multiplies every `max` (a test site that drives many browsers from one address). */
  scale: number;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

function keyOf(request: FastifyRequest, by: RateKey): string | undefined {
  if (by === 'account') return request.auth?.user.id;
  const networks = networksOf(request.ip);
  return by === 'network' ? networks.narrow : networks.wide;
}

/**
 * The request rate limits (@fastify/rate-limit, with its Redis store when REDIS_URL is set): each
 * /cgi-bin call counts against `api` and its own group, per account and per network. Checked
 * after the session is known; over a limit the answer is 429 with the 'too frequent' envelope
 * and Retry-After. The groups live in RATE_GROUPS and ROUTE_GROUPS above, nowhere else.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis } : {}),
    nameSpace: 'lumi-rate:',
    cache: 50_000,
    // A Redis outage must not take the site down with it: requests pass, and the error is logged.
    skipOnError: true,
  });

  const limiters = new Map<RateGroup, { by: RateKey; check: Limiter }[]>();
  for (const [group, rules] of Object.entries(RATE_GROUPS) as [RateGroup, readonly RateRule[]][]) {
    limiters.set(
      group,
      rules.map((rule) => ({
        by: rule.by,
        check: app.createRateLimit({
          max: Math.max(1, Math.round(rule.max * options.scale)),
          timeWindow: rule.windowMs,
          keyGenerator: (request) => `${group}:${rule.by}:${keyOf(request, rule.by) ?? ''}`,
        }),
      })),
    );
  }

  const enforce = (groups: RateGroup[]): preHandlerAsyncHookHandler =>
    async function rateLimit(request, reply) {
      for (const group of groups) {
        for (const { by, check } of limiters.get(group) ?? []) {
          if (!keyOf(request, by)) continue;
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            request.log.info({ group, by }, 'rate limit reached');
            reply.header('retry-after', String(result.ttlInSeconds));
            throw new BusinessError(ErrorCode.TOO_FREQUENT, 'too_frequent', {}, 429);
          }
        }
      }
    };

  app.addHook('onRoute', (route) => {
    // Provider notices are verified by signature and must never be turned away.
    if (!route.url.startsWith('/cgi-bin/') || route.url.startsWith('/cgi-bin/webhooks/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((m) => ROUTE_GROUPS[`${m} ${route.url}`]).find(Boolean);
    const hook = enforce(group ? ['api', group] : ['api']);
    const existing = route.preHandler;
    route.preHandler = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
}
