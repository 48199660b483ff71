/**
 * The operational routes outside /cgi-bin (GET /livez, /readyz, /healthz, /metrics) take no body,
 * but they do take methods, query strings and headers from anyone who can reach them. A seeded
 * run of hostile ones: every answer below HTTP 500, the metrics only with the right token, and
 * nothing of the process (paths, stacks, versions) in a refusal.
 */
import { seededRandom } from '@lumi/engines';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const TOKEN = 'ops-fuzz-token-0123456789';
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : 0x0b5_2026;
const REQUESTS = Number(process.env.FUZZ_OPS_REQUESTS ?? 600);

const PATHS = ['/livez', '/readyz', '/healthz', '/metrics'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as const;
const HOSTILE = [
  '',
  ' ',
  '\u0000',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'Bearer',
  'Bearer ',
  `Bearer ${TOKEN} `,
  `Bearer ${TOKEN}x`,
  `Bearer ${TOKEN.slice(0, -1)}`,
  `bearer  ${TOKEN}`,
  `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}`,
  'x'.repeat(8000),
  '\u00e9\u{1F600}',
];

/** What an HTTP header can carry: no control characters (and, when asked, ASCII only). */
function headerText(text: string, asciiOnly: boolean): string {
  return [...text]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if (code < 0x20 || code === 0x7f) return '';
      return asciiOnly && code > 0x7e ? '?' : c;
    })
    .join('');
}

describe('fuzz: the operational routes', () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

  it(`answers ${REQUESTS} hostile requests below 500, and the metrics only to the token`, async () => {
    const next = seededRandom(SEED);
    const int = (n: number) => Math.floor(next() * n);
    const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
    const problems: string[] = [];
    let served = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const path = pick(PATHS);
      const method = next() < 0.7 ? 'GET' : pick(METHODS);
      const query =
        next() < 0.5 ? `?${encodeURIComponent(pick(HOSTILE))}=${pick(['1', '%', '%00', '[]', ''])}` : '';
      const headers: Record<string, string> = {};
      const authorization = next() < 0.15 ? `Bearer ${TOKEN}` : next() < 0.8 ? pick(HOSTILE) : undefined;
      if (authorization !== undefined) headers.authorization = headerText(authorization, false);
      if (next() < 0.3) headers['x-request-id'] = headerText(pick(HOSTILE), true);
      if (next() < 0.2) headers.accept = pick(['*/*', 'application/json', 'text/html', pick(HOSTILE)]);
      const res = await t.app.inject({ method, url: `${path}${query}`, headers });
      const where = `${method} ${path}${query} authorization=${JSON.stringify(authorization)}`;
      // /readyz and /healthz answer 503 only when a dependency is down, which it is not here.
      if (res.statusCode >= 500) problems.push(`${res.statusCode} for ${where}`);
      const isMetrics = res.body.includes('# TYPE lumi_');
      // RFC 7235: the scheme is case-insensitive and one or more spaces follow it.
      const rightToken =
        authorization !== undefined && new RegExp(`^bearer +${TOKEN} *$`, 'i').test(authorization);
      if (isMetrics) served++;
      if (isMetrics && !(path === '/metrics' && rightToken)) problems.push(`metrics served to ${where}`);
      if (res.statusCode >= 400 && /node_modules|\/src\/|at .+:\d+:\d+/.test(res.body)) {
        problems.push(`internals in the refusal of ${where}: ${res.body.slice(0, 200)}`);
      }
    }
    expect(problems.slice(0, 5), `${problems.length} problems (FUZZ_SEED=${SEED})`).toEqual([]);
    // The run did reach the metrics with the token, so the check above was not vacuous.
    expect(served).toBeGreaterThan(0);
  }, 60_000);
});
