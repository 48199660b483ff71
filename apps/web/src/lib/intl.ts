import { isLocale, LOCALES, localeInfo } from '@lumi/contract';

/**
 * The BCP 47 tag `Intl` needs, from a route locale (`io` is `id`, `kr` is `ko`) or from
 * i18next's language, which already is that tag. Never the route code itself: to `Intl`, `kr`
 * is no language and `io` is Ido.
 */
export function intlLocale(language: string): string {
  if (isLocale(language)) return localeInfo(language).htmlLang;
  return LOCALES.some((l) => l.htmlLang === language) ? language : 'en';
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A whole number as `Intl.NumberFormat` writes it in the language, without building one where
 * it is not needed: every locale here writes Latin digits and groups only from 1,000, so a
 * smaller count is its own digits (intl.test.ts holds this against `Intl` in every locale). The
 * header's balance shows on every first load, and Chromium's first `Intl.NumberFormat` loads
 * ICU's number data: 40-100 ms of main thread on the machine the benchmarks run on.
 */
export function formatInteger(n: number, language: string): string {
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  const tag = intlLocale(language);
  let format = formats.get(tag);
  if (!format) formats.set(tag, (format = new Intl.NumberFormat(tag)));
  return format.format(n);
}

const lists = new Map<string, Intl.ListFormat>();

/** A list of names joined as the language joins them ("A, B and C"). */
export function formatList(items: readonly string[], language: string): string {
  const tag = intlLocale(language);
  let format = lists.get(tag);
  if (!format) lists.set(tag, (format = new Intl.ListFormat(tag, { type: 'conjunction' })));
  return format.format(items);
}

const relative = new Map<string, Intl.RelativeTimeFormat>();
/** Units of time and their length in milliseconds, shortest first. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 1000],
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
  ['week', 604_800_000],
  ['month', 2_629_800_000],
  ['year', 31_557_600_000],
];

/** How long ago a moment was, as the language says it ("5 minutes ago", "yesterday", "now"). */
export function formatTimeAgo(at: number, now: number, language: string): string {
  const tag = intlLocale(language);
  let format = relative.get(tag);
  if (!format) relative.set(tag, (format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })));
  const ms = at - now;
  // The largest unit the time spans at least once ("now" within a second).
  let [unit, size] = UNITS[0] ?? ['second', 1000];
  for (const [u, s] of UNITS) if (Math.abs(ms) >= s) [unit, size] = [u, s];
  return format.format(Math.round(ms / size), unit);
}
