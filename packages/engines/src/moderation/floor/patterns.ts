/**
 * Building blocks the lexicons share: word boundaries for the views outside ASCII, and numbers
 * written so that the regex engine only does work where a digit or a number word is.
 */

/** Start and end of a word in any script (JavaScript's `\b` only knows ASCII). Needs the `u` flag. */
export const B0 = String.raw`(?<![\p{L}\p{N}])`;
export const B1 = String.raw`(?![\p{L}\p{N}])`;

/**
 * Digits 1-99 as a captured group, not part of a larger number, a decimal, a time or a price.
 * The checks come after the digits so that the regex engine only runs them where a digit is.
 */
export const DIGITS = String.raw`\b(\d{1,2})(?![\d%]|[.,:]\d)(?<![.,:/$£€#]\d{1,2})`;

/**
 * Number words (an alternation) that are not the end of a larger number ("four" but not
 * "twenty four"). `start`/`end` are the word boundaries of the script.
 */
export function numberWords(
  words: string,
  tens: string,
  join = String.raw`\s*`,
  start = '\\b',
  end = '\\b',
): string {
  return `${start}(?:${words})${end}(?<!(?:${tens})${join}(?:${words}))`;
}
