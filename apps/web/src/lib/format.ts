/** Counts as the spec shows them: 950, 1.2K, 12.5K, 1.3M. */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toFixed(1).replace(/\.0$/, '')}K`;
  return `${(Math.floor(n / 100_000) / 10).toFixed(1).replace(/\.0$/, '')}M`;
}

/** A ms timestamp as YYYY-MM-DD (spec §3's create_time). */
export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
