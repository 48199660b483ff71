/**
 * The content policy of decisions.md: every character is an adult, and nothing may sexualise
 * minors. On in every configuration. The server checks characters (create, modify, card import)
 * and, later, chat messages; the create page runs the same check to warn before upload.
 *
 * Two kinds of signal:
 * - always refused: terms that only exist to sexualise minors;
 * - refused in a sexual context: a stated age under 18 or a child or school-age descriptor, when
 *   the character is adult (NSFW) or the text itself is sexual. "A kindergarten teacher who loves children" is fine;
 *   the same words on an NSFW card are not.
 */

const ALWAYS = [
  /\b(?:lolis?|lolicon|shota(?:s|con)?|jailbait|pedo(?:phile|philia)?|cp)\b/i,
  /\bunder[\s-]?age(?:d)?\b/i,
  /\bpre[\s-]?teens?\b/i,
];

/** A stated age from 1 to 17: "16 years old", "16-year-old", "aged 15", "age: 17", "15 yo". */
const MINOR_AGES = [
  /\b(?:[1-9]|1[0-7])[\s-]*(?:years?|yrs?)[\s-]*old\b/i,
  /\b(?:[1-9]|1[0-7])\s*y\/?o\b/i,
  /\bage(?:d|\s*:)?\s*(?:[1-9]|1[0-7])\b/i,
];

const MINOR_DESCRIPTORS =
  /\b(?:child(?:ren)?|minors?|little (?:girls?|boys?)|young (?:girl|boy)|schoolgirls?|schoolboys?|school[\s-]?age|(?:middle|elementary|primary|junior high|high)[\s-]school(?:er|ers)?|teen(?:ager|agers|s)?|toddlers?|infants?|puberty|flat[\s-]chested girl)\b/i;

const SEXUAL =
  /\b(?:sex(?:ual|ually|y)?|nude|naked|erotic|lewd|horny|aroused|arousal|orgasm|fuck\w*|breasts?|nipples?|genitals?|penis|vagina|pussy|cock|seduc\w*|strip(?:s|ping|tease)?|fetish\w*|kink\w*|nsfw|intercourse|undress\w*|moan\w*)\b/i;

export interface PolicyInput {
  /** The character is marked adult (NSFW). */
  adult: boolean;
  texts: readonly (string | undefined | null)[];
}

/** The first refused phrase, or null when the content is allowed. */
export function findMinorSexualisation(input: PolicyInput): string | null {
  const text = input.texts.filter(Boolean).join('\n');
  for (const re of ALWAYS) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  const minor = MINOR_DESCRIPTORS.exec(text) ?? MINOR_AGES.map((re) => re.exec(text)).find(Boolean);
  if (!minor) return null;
  if (input.adult) return minor[0];
  return SEXUAL.test(text) ? minor[0] : null;
}

/** Whether a text is sexual: an image prompt like that needs the adult-content setting. */
export function isSexualText(text: string): boolean {
  return SEXUAL.test(text);
}
