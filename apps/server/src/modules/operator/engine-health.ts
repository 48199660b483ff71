import type { OperatorEngine } from '@lumi/contract';
import type { JobRow } from '../../db/schema';

/** One configured engine, as services.ts describes it to the console. */
export interface EngineInfo {
  capability: string;
  engine: string;
  /** Built into the site: nothing to be down. */
  offline: boolean;
  /** The job kind it runs (its health comes from those jobs); none for chat and moderation. */
  jobKind?: JobRow['kind'];
  /** A URL of its server to probe (any answer below 500 counts as reachable). */
  probeUrl?: string;
}

/** A live probe waits this long at most: the console must answer even when a server hangs. */
export const PROBE_TIMEOUT_MS = 2000;

export async function probe(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<OperatorEngine['probe']> {
  const started = performance.now();
  try {
    const res = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel().catch(() => undefined);
    const ms = Math.round(performance.now() - started);
    return res.status < 500 ? { ok: true, ms } : { ok: false, ms, error: `HTTP ${res.status}` };
  } catch (err) {
    const ms = Math.round(performance.now() - started);
    const timeout = (err as Error).name === 'TimeoutError';
    return { ok: false, ms, error: timeout ? 'timeout' : 'unreachable' };
  }
}

/**
 * The engine's status from what its jobs did and the probe: down when the probe failed, or when
 * the last hour had failures and no success; degraded when it had failures and successes; idle
 * when nothing is known yet (no job, no probe) of an engine with a server.
 */
export function engineStatus(e: Omit<OperatorEngine, 'status'>): OperatorEngine['status'] {
  if (e.probe && !e.probe.ok) return 'down';
  if (e.failures_last_hour !== null) {
    const failures = e.failures_last_hour;
    if (failures > 0 && (e.successes_last_hour ?? 0) === 0) return 'down';
    if (failures > 0) return 'degraded';
    if (e.last_success_at === null && e.last_failure_at === null && !e.offline && !e.probe) return 'idle';
    return 'ok';
  }
  return e.offline || e.probe?.ok ? 'ok' : 'idle';
}
