// The external load generator: autocannon in a process of its own, so the load's own work is
// not counted against the server (bench/characters.mjs measured 0.31 of the bare route while its
// loop ran inside the server's process; in a process of its own the same list was 0.03).
//
//   node bench/load-runner.mjs '{"url":"http://127.0.0.1:8400/livez","connections":16,"seconds":3}'
//
// Prints one JSON line: requests, rps, p50/p95/p99 (ms, from every response's own time) and
// errors (socket errors, timeouts, non-2xx answers, and envelopes whose code is not 0 in a
// sample read first).
import autocannon from 'autocannon';
import { percentile } from './lib.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');
const { url, headers = {}, connections = 16, seconds = 3 } = spec;
if (!url) {
  console.error('usage: node bench/load-runner.mjs \'{"url": "...", "connections": 16, "seconds": 3}\'');
  process.exit(2);
}

// One sample first: an answer that is not a success envelope would make the figures meaningless.
const sample = await fetch(url, { headers });
const body = await sample.text();
let envelopeError = 0;
try {
  const code = JSON.parse(body).code;
  if (code !== undefined && code !== 0) envelopeError = 1;
} catch {
  // not JSON (the bare route answers plain JSON too, but not an envelope): nothing to check
}

const latencies = [];
const instance = autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
const result = await instance;
latencies.sort((a, b) => a - b);
const round = (n) => +Number(n ?? 0).toFixed(2);
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: Math.round(result.requests.total / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: result.errors + result.timeouts + result.non2xx + envelopeError,
  }),
);
