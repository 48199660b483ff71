import { ttsCost } from '@lumi/contract';

/** The BCP 47 tag for Intl of a route locale or i18next language (`io` is `id`, `kr` is `ko`). */
export { intlLocale } from '@/lib/intl';

/**
 * A length as a clock: 7 -> "0:07", 65.4 -> "1:05". `floor` for running timers (a second shows
 * once it has passed), otherwise rounded. Unknown lengths (NaN, Infinity) answer null.
 */
export function formatDuration(seconds: number, mode: 'round' | 'floor' = 'round'): string | null {
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const whole = mode === 'floor' ? Math.floor(seconds) : Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What speaking `text` costs, as the server counts it: the text is trimmed first, then 1
 * credit per started 100 characters, at least 1.
 */
export function speechCost(text: string): number {
  return ttsCost(text.trim());
}

/** The local date as YYYY-MM-DD, for file names. */
export function dateStamp(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `voice-aria-2025-06-01.mp3`: what a download is saved as. */
export function audioFileName(voice: string, ms: number, format: string): string {
  const slug =
    voice
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'audio';
  return `voice-${slug}-${dateStamp(ms)}.${format}`;
}

/** The file extension for an audio type the server answers. */
export function formatOfType(type: string): 'mp3' | 'wav' {
  return /wav/i.test(type) ? 'wav' : 'mp3';
}

/** A byte count in whole megabytes, for limits (100 MB). */
export const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
