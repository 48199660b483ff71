import {
  CHARACTER_LIMITS,
  isPng,
  parseTags,
  readCardAppearance,
  readCardFile,
  type ParsedCard,
} from '@lumi/contract';
import type { FormValues } from './form-model';
import { formBook, isBlankBook } from './lorebook-model';

export type CardProblem = 'cardFormat' | 'cardTooLarge' | 'cardInvalid';

export interface ReadCard {
  card: ParsedCard;
  /** The picture the card brings (a PNG card itself, a CHARX file's icon): the avatar it gives. */
  picture: Blob | null;
}

const CARD_FILE = /\.(png|json|charx)$/i;
const CARD_TYPES = ['image/png', 'application/json', 'application/zip', 'application/x-zip-compressed'];

/** Reads a character card (PNG, CHARX or JSON; SillyTavern, RisuAI, TavernAI...) in the browser. */
export async function readCard(file: File): Promise<ReadCard | CardProblem> {
  if (!CARD_FILE.test(file.name) && !CARD_TYPES.includes(file.type)) return 'cardFormat';
  if (file.size > CHARACTER_LIMITS.cardBytes) return 'cardTooLarge';
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const card = readCardFile(bytes);
    const picture = isPng(bytes) ? file : card.image ? new Blob([card.image.slice()]) : null;
    return { card, picture };
  } catch {
    return 'cardInvalid';
  }
}

/** Fills the fields the user left empty from the card; what they typed stays. */
export function fillFromCard(values: FormValues, card: ParsedCard): FormValues {
  const d = card.data;
  const keep = (current: string, fromCard: string) => (current.trim() === '' ? fromCard : current);
  const greetings = values.alternateGreetings.filter((g) => g.trim() !== '');
  return {
    ...values,
    name: keep(values.name, d.name.slice(0, CHARACTER_LIMITS.name)),
    desc: keep(values.desc, d.description),
    appearance: keep(values.appearance, readCardAppearance(d.extensions) ?? ''),
    personality: keep(values.personality, d.personality),
    scenario: keep(values.scenario, d.scenario),
    firstMessage: keep(values.firstMessage, d.first_mes),
    exampleDialogue: keep(values.exampleDialogue, d.mes_example),
    tags: keep(values.tags, parseTags(d.tags).slice(0, CHARACTER_LIMITS.tags).join(', ')),
    alternateGreetings:
      greetings.length > 0
        ? values.alternateGreetings
        : d.alternate_greetings.slice(0, CHARACTER_LIMITS.alternateGreetings),
    // The card's book, as it wrote it, unless the form has entries of its own.
    lorebook: isBlankBook(values.lorebook) ? formBook(d.character_book) : values.lorebook,
  };
}
