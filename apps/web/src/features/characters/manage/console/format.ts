/** A moment as the console shows it: UTC, to the minute, the same in every language. */
export const utc = (ms: number | null) =>
  ms === null ? '—' : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** An age in the largest unit that fits (45 s, 12 min, 3 h, 2 d), in the reader's language. */
export function age(seconds: number, language: string): string {
  const [unit, value] =
    seconds < 60
      ? (['second', seconds] as const)
      : seconds < 3600
        ? (['minute', Math.floor(seconds / 60)] as const)
        : seconds < 86_400
          ? (['hour', Math.floor(seconds / 3600)] as const)
          : (['day', Math.floor(seconds / 86_400)] as const);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

export const money = (cents: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
