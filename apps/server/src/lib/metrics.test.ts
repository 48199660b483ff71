import fs from 'node:fs';
import { EngineError } from '@lumi/engines';
import { describe, expect, it } from 'vitest';
import { AppMetrics, metered, reasonLabel } from './metrics';

const DASHBOARD = new URL('../../../../docs/grafana-dashboard.json', import.meta.url);

interface Dashboard {
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
  templating: { list: { type: string; query?: string | { query: string } }[] };
}

/** Every PromQL query of the dashboard: its panels' and its variables'. */
function queries(dashboard: Dashboard): string[] {
  return [
    ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
    // A data source variable's query names a plugin, a query variable's is PromQL.
    ...dashboard.templating.list.flatMap((v) =>
      v.type !== 'query' || v.query === undefined
        ? []
        : [typeof v.query === 'string' ? v.query : v.query.query],
    ),
  ];
}

/**
 * The metric names a query reads: each selector's (`name{...}`, the dashboard gives every
 * metric one) and label_values' first argument.
 */
function metricsOf(query: string): string[] {
  const selected = [...query.matchAll(/([a-zA-Z_:][\w:]*)\s*\{/g)].map((m) => m[1]!);
  const labelled = [...query.matchAll(/label_values\(\s*([a-zA-Z_:][\w:]*)/g)].map((m) => m[1]!);
  return [...selected, ...labelled].filter((name) => name !== 'label_values');
}

describe('docs/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  const metrics = new AppMetrics();
  const names = new Set(metrics.names());
  const histograms = new Set(
    metrics.registry.getMetricsAsArray().flatMap((m) => (m.constructor.name === 'Histogram' ? [m.name] : [])),
  );
  /** A histogram's series (`_bucket`, `_sum`, `_count`) are read under its name. */
  const base = (name: string) => {
    const stem = name.replace(/_(bucket|sum|count)$/, '');
    return stem !== name && histograms.has(stem) ? stem : name;
  };
  const used = queries(dashboard).flatMap(metricsOf).map(base);

  it('queries only metrics the server exposes', () => {
    expect(used.length).toBeGreaterThan(20);
    const unknown = used.filter((name) => !names.has(name));
    expect(unknown).toEqual([]);
  });

  it("shows every one of the app's own metrics", () => {
    const own = metrics.registry.getMetricsAsArray().map((m) => m.name);
    expect(own.filter((name) => !used.includes(name))).toEqual([]);
  });

  it('gives every query a selector, so none hides from the check above', () => {
    for (const query of queries(dashboard).filter((q) => !q.startsWith('label_values('))) {
      // Identifiers outside selectors, ranges, strings and `by (...)` are PromQL's own words.
      const bare = query
        .replace(/"[^"]*"/g, '')
        .replace(/\{[^}]*\}/g, '{}')
        .replace(/\[[^\]]*\]/g, '')
        .replace(/\bby\s*\([^)]*\)/g, '')
        .match(/[a-zA-Z_:][\w:]*(?!\s*[({\w])/g);
      expect(bare ?? [], query).toEqual([]);
    }
  });
});

describe('reasonLabel', () => {
  it('keeps the words of a spend and drops what varies', () => {
    expect(reasonLabel('image anime x4')).toBe('image anime');
    expect(reasonLabel('chat')).toBe('chat');
    expect(reasonLabel('text to speech')).toBe('text to speech');
    expect(reasonLabel('42')).toBe('other');
  });
});

describe('metered', () => {
  const failing = (kind: ConstructorParameters<typeof EngineError>[0]) => ({
    id: 'test-engine',
    offline: true,
    async synthesize(): Promise<never> {
      throw new EngineError(kind, 'no');
    },
    async *stream(): AsyncGenerator<string> {
      yield 'a';
      throw new EngineError(kind, 'cut');
    },
  });

  it("counts an engine's typed failures, from promises and streams, but not a caller that left", async () => {
    const metrics = new AppMetrics();
    const count = async (kind: string) =>
      (await metrics.engineErrors.get()).values.find((v) => v.labels.kind === kind)?.value ?? 0;
    const engine = metered(failing('timeout'), 'speech', metrics.engineErrors);
    expect(engine.id).toBe('test-engine');
    expect(engine.offline).toBe(true);
    await expect(engine.synthesize()).rejects.toThrow('no');
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of engine.stream()) seen.push(chunk);
      })(),
    ).rejects.toThrow('cut');
    expect(seen).toEqual(['a']);
    expect(await count('timeout')).toBe(2);
    const left = metered(failing('aborted'), 'speech', metrics.engineErrors);
    await expect(left.synthesize()).rejects.toThrow();
    expect(await count('aborted')).toBe(0);
  });

  it("lets a reader that stops early close the engine's stream", async () => {
    let closed = false;
    const engine = metered(
      {
        id: 'e',
        async *stream() {
          try {
            yield 1;
            yield 2;
          } finally {
            closed = true;
          }
        },
      },
      'chat',
      new AppMetrics().engineErrors,
    );
    for await (const n of engine.stream()) if (n === 1) break;
    expect(closed).toBe(true);
  });
});
