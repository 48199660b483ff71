import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@lumi/contract';
import type { Config } from '../config';
import { serverMessage } from '../i18n';
import type { AppMetrics } from '../lib/metrics';
import { requestLocale } from '../lib/request-locale';
import { sendEnvelope } from './error-handler';
import type { Readiness } from './health';

export interface MetricsOptions {
  metrics: AppMetrics;
  config: Config['metrics'];
  /** What the metrics port answers on /readyz (the worker has no other port). */
  readiness: () => Promise<Readiness>;
}

/**
 * The request metrics of every route, and GET /metrics (docs/deploy.md 'Metrics and health'):
 * - on METRICS_PORT, bound to METRICS_HOST (loopback by default), with /livez and /readyz;
 * - on the main port for `Authorization: Bearer <METRICS_TOKEN>` only;
 * - with neither set, nowhere: the main port answers /metrics 404.
 * With a token set, the metrics port asks for it too.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { metrics, config } = options;
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/cgi-bin/auth/character/:id`), never the URL: bounded label values.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    metrics.httpRequests.inc({ method: request.method, route, status: reply.statusCode });
    done();
  });

  const allowed = bearerCheck(config.token);
  app.get('/metrics', async (request, reply) => {
    if (!allowed) {
      const message = serverMessage(requestLocale(request), 'not_found');
      return sendEnvelope(reply, 404, { code: ErrorCode.NOT_FOUND, message, data: null });
    }
    if (!allowed(request.headers.authorization)) {
      return sendEnvelope(reply.header('www-authenticate', 'Bearer'), 401, {
        code: ErrorCode.FORBIDDEN,
        message: 'metrics need their bearer token',
        data: null,
      });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });

  if (config.port === undefined) return;
  const server = http.createServer((req, res) => {
    void answer(req, res, options, config.token ? allowed : undefined).catch((err: unknown) => {
      app.log.error({ err }, 'metrics port: answer failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    metrics.port = (server.address() as AddressInfo).port;
    app.log.info({ host: config.host, port: metrics.port }, 'metrics served on their own port');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}

/** The metrics port: GET /metrics, /livez and /readyz, nothing else. */
async function answer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { metrics, readiness }: MetricsOptions,
  allowed: ((header: string | undefined) => boolean) | undefined,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: 'method not allowed' });
  if (path === '/livez') return json(200, { status: 'ok' });
  if (path === '/readyz') {
    const ready = await readiness();
    return json(ready.status === 'ok' ? 200 : 503, ready);
  }
  if (path !== '/metrics') return json(404, { error: 'not found' });
  if (allowed && !allowed(req.headers.authorization)) {
    res.setHeader('www-authenticate', 'Bearer');
    return json(401, { error: 'metrics need their bearer token' });
  }
  const text = await metrics.text();
  res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** Whether an Authorization header carries the token (compared in constant time), or undefined without one. */
function bearerCheck(token: string | undefined): ((header: string | undefined) => boolean) | undefined {
  if (!token) return undefined;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const expected = digest(token);
  return (header) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}
