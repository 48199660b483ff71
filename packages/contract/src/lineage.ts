/**
 * Creator credit (issue 21, item 5): the chain of characters a clone is based on, and how a
 * character card carries it (`data.extensions.lumi.based_on: [{name, creator, url?}]`, oldest
 * first). Zod-free: the card parser shares it, and it reads untrusted card JSON leniently (an
 * entry it cannot use is left out, never refused), as the rest of the parser does.
 */
import { CHARACTER_LIMITS } from './characters';
import { isRecord } from './records';

export const LINEAGE_LIMITS = {
  /** The longest chain kept: the newest entries (the nearest sources) stay. */
  entries: 20,
  name: CHARACTER_LIMITS.name,
  /** A card's creator is free text of another tool; the site's own names are 40 at most. */
  creator: 100,
  url: 500,
} as const;

/** The namespace of this site's keys in a card's `data.extensions`, and the chain's key in it. */
export const CARD_EXTENSION_KEY = 'lumi';
export const BASED_ON_KEY = 'based_on';

/** One version a character is based on, as a card carries it. */
export interface CardCredit {
  name: string;
  creator: string;
  /** Where that version lives (its page), when it is public. */
  url?: string;
}

/** The newest `LINEAGE_LIMITS.entries` of a chain (oldest first). */
export const newestCredits = <T>(chain: readonly T[]): T[] => chain.slice(-LINEAGE_LIMITS.entries);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * One line of shown text: control characters as spaces, trimmed to `max`, a lone surrogate (a
 * broken one, or a pair the limit cut) as U+FFFD; a database refuses both in JSON.
 */
const text = (value: unknown, max: number): string =>
  typeof value === 'string'
    ? value
        // eslint-disable-next-line no-control-regex -- NUL and the other controls are what goes
        .replace(/[\s\u0000-\u001f\u007f]+/g, ' ')
        .trim()
        .slice(0, max)
        .replace(LONE_SURROGATE, '\ufffd')
        .trim()
    : '';

function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > LINEAGE_LIMITS.url) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chain a card's extensions carry, or undefined when they carry none (no `based_on` array).
 * Entries without a name are left out; the newest LINEAGE_LIMITS.entries stay.
 */
export function readCardCredits(extensions: Record<string, unknown>): CardCredit[] | undefined {
  const own = extensions[CARD_EXTENSION_KEY];
  const list = isRecord(own) ? own[BASED_ON_KEY] : undefined;
  if (!Array.isArray(list)) return undefined;
  const chain: CardCredit[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const name = text(item.name, LINEAGE_LIMITS.name);
    if (!name) continue;
    const url = webUrl(item.url);
    chain.push({ name, creator: text(item.creator, LINEAGE_LIMITS.creator), ...(url ? { url } : {}) });
  }
  return newestCredits(chain);
}

/**
 * The extensions without the chain (it is kept in its own column and written back on export);
 * the namespace goes too when nothing else is in it.
 */
export function withoutCardCredits(extensions: Record<string, unknown>): Record<string, unknown> {
  const own = extensions[CARD_EXTENSION_KEY];
  if (!isRecord(own) || !Array.isArray(own[BASED_ON_KEY])) return extensions;
  const { [BASED_ON_KEY]: _chain, ...rest } = own;
  const { [CARD_EXTENSION_KEY]: _own, ...others } = extensions;
  return Object.keys(rest).length > 0 ? { ...others, [CARD_EXTENSION_KEY]: rest } : others;
}

/** The extensions with this chain in them (unchanged when the chain is empty). */
export function withCardCredits(
  extensions: Record<string, unknown>,
  chain: readonly CardCredit[],
): Record<string, unknown> {
  if (chain.length === 0) return extensions;
  const own = extensions[CARD_EXTENSION_KEY];
  return {
    ...extensions,
    [CARD_EXTENSION_KEY]: { ...(isRecord(own) ? own : {}), [BASED_ON_KEY]: chain.map((c) => ({ ...c })) },
  };
}
