import {
  CATEGORIES,
  CHARACTER_LIMITS,
  CHAT_STYLES,
  DEFAULT_MODEL,
  GENDERS,
  MODEL_PROFILES,
  VISIBILITIES,
  completeCharacterSchema,
  modelProfile,
  parseTags,
  type Category,
  type CharacterDetail,
  type ChatStyle,
  type Gender,
  type Lorebook,
  type Visibility,
} from '@lumi/contract';
import { z } from 'zod';
import { formBook, isBlankBook } from './lorebook-model';

/** create: a new character; edit: modify the stored one; clone: a new one based on it. */
export type FormMode = 'create' | 'edit' | 'clone';

/** Everything the form edits except the files. */
export interface FormValues {
  name: string;
  gender: Gender;
  category: Category;
  visibility: Visibility;
  nsfw: boolean;
  desc: string;
  /** How the character looks, for pictures in chat (issue 22); blank: drawn from the description. */
  appearance: string;
  personality: string;
  /** As typed: comma-separated. */
  tags: string;
  firstMessage: string;
  alternateGreetings: string[];
  scenario: string;
  exampleDialogue: string;
  chatStyle: ChatStyle;
  model: string;
  /**
   * The lorebook as it is sent (`character_book`): every key of its entries kept; null: none.
   * An edit or a clone loads it from the server (use-character-form.ts).
   */
  lorebook: Lorebook | null;
  /** The voice replies are read in (a preset, or `clone:<id>`); '' for the default of its gender. */
  voiceId: string;
}

export type FieldName = keyof FormValues | 'avatar';

export const EMPTY_VALUES: FormValues = {
  name: '',
  gender: 'Female',
  category: 'realistic',
  visibility: 'public',
  nsfw: false,
  desc: '',
  appearance: '',
  personality: '',
  tags: '',
  firstMessage: '',
  alternateGreetings: [],
  scenario: '',
  exampleDialogue: '',
  chatStyle: 'story',
  model: DEFAULT_MODEL,
  lorebook: null,
  voiceId: '',
};

export const STEPS = ['basics', 'personality', 'conversation', 'lorebook'] as const;
export type Step = (typeof STEPS)[number];

/** The fields of each step, in the order the form shows them (errors jump to the first one). */
export const STEP_FIELDS: Record<Step, readonly FieldName[]> = {
  basics: ['avatar', 'name', 'gender', 'category', 'visibility', 'nsfw'],
  personality: ['desc', 'appearance', 'personality', 'tags'],
  conversation: [
    'firstMessage',
    'alternateGreetings',
    'scenario',
    'exampleDialogue',
    'chatStyle',
    'model',
    'voiceId',
  ],
  lorebook: ['lorebook'],
};

/** The text limits of the contract, per form field. */
export const TEXT_LIMITS = {
  name: CHARACTER_LIMITS.name,
  desc: CHARACTER_LIMITS.desc,
  appearance: CHARACTER_LIMITS.appearance,
  personality: CHARACTER_LIMITS.personality,
  firstMessage: CHARACTER_LIMITS.firstMessage,
  scenario: CHARACTER_LIMITS.scenario,
  exampleDialogue: CHARACTER_LIMITS.exampleDialogue,
} as const satisfies Partial<Record<keyof FormValues, number>>;
export type TextField = keyof typeof TEXT_LIMITS;

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type ErrorKey =
  | 'avatarRequired'
  | 'nameRequired'
  | 'descRequired'
  | 'greetingRequired'
  | 'imageFormat'
  | 'imageTooLarge'
  | 'tooLong'
  | 'tooManyTags'
  | 'lorebookInvalid';

export interface FieldError {
  key: ErrorKey;
  /** The limit, for tooLong and tooManyTags. */
  max?: number;
}

export type FieldErrors = Partial<Record<FieldName, FieldError>>;

const rules = completeCharacterSchema.shape;

/**
 * The contract's rules of a complete character (completeCharacterSchema), under the form's names
 * for the fields it sends: the form, its steps and the server check the same rules.
 */
export const formValuesSchema = z.object({
  name: rules.name,
  gender: rules.gender,
  category: rules.category,
  visibility: rules.visibility,
  nsfw: rules.NSFW,
  desc: rules.desc,
  appearance: rules.appearance,
  personality: rules.personality,
  tags: rules.tag,
  firstMessage: rules.first_message,
  alternateGreetings: rules.alternate_greetings,
  scenario: rules.scenario,
  exampleDialogue: rules.example_dialogue,
  chatStyle: rules.chat_style,
  model: rules.model,
  lorebook: rules.character_book,
  voiceId: rules.voice_id,
} satisfies Record<keyof FormValues, z.ZodType>);

/** Each step's part of the schema (the avatar is a file, checked apart). */
const STEP_SCHEMAS = STEPS.map((step) =>
  formValuesSchema.pick(
    Object.fromEntries(
      STEP_FIELDS[step].filter((field) => field !== 'avatar').map((field) => [field, true as const]),
    ) as Partial<Record<keyof FormValues, true>>,
  ),
);

const REQUIRED: Partial<Record<FieldName, ErrorKey>> = {
  name: 'nameRequired',
  desc: 'descRequired',
  firstMessage: 'greetingRequired',
};

const isFormField = (field: unknown): field is keyof FormValues =>
  typeof field === 'string' && field in formValuesSchema.shape;

/**
 * A zod issue of the schema as the form's error: a blank required text, a text over its limit, too
 * many tags. The form's choices always hold allowed values (normaliseValues), so no other issue
 * has a message of its own.
 */
export function issueError(issue: {
  code: string;
  path?: readonly PropertyKey[] | undefined;
  maximum?: unknown;
  origin?: unknown;
}): { field: keyof FormValues; error: FieldError } | undefined {
  const field = issue.path?.[0];
  if (!isFormField(field)) return undefined;
  // The lorebook step shows each entry's own problem (lorebook-model.ts, loreProblems).
  if (field === 'lorebook') return { field, error: { key: 'lorebookInvalid' } };
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return { field, error: field === 'tags' ? { key: 'tooManyTags', max } : { key: 'tooLong', max } };
  }
  const required = REQUIRED[field];
  return required ? { field, error: { key: required } } : undefined;
}

export function stepOf(field: FieldName): number {
  return STEPS.findIndex((step) => STEP_FIELDS[step].includes(field));
}

/** The checks of spec §5 for one step: the avatar, then the contract's rules for its fields. */
export function validateStep(step: number, values: FormValues, hasAvatar: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const fields = STEP_FIELDS[STEPS[step] ?? 'basics'];
  if (fields.includes('avatar') && !hasAvatar) errors.avatar = { key: 'avatarRequired' };
  const result = (STEP_SCHEMAS[step] ?? STEP_SCHEMAS[0]!).safeParse(values);
  for (const issue of result.error?.issues ?? []) {
    const found = issueError(issue);
    if (found && !errors[found.field]) errors[found.field] = found.error;
  }
  return errors;
}

/** Every step's errors; `first` is the step of the first error, or -1. */
export function validateAll(values: FormValues, hasAvatar: boolean): { errors: FieldErrors; first: number } {
  let errors: FieldErrors = {};
  let first = -1;
  STEPS.forEach((_, step) => {
    const stepErrors = validateStep(step, values, hasAvatar);
    if (first < 0 && Object.keys(stepErrors).length > 0) first = step;
    errors = { ...errors, ...stepErrors };
  });
  return { errors, first };
}

/** The first field of a step that has an error, in form order. */
export function firstErrorField(step: number, errors: FieldErrors): FieldName | undefined {
  return STEP_FIELDS[STEPS[step] ?? 'basics'].find((field) => errors[field]);
}

/** Checks an avatar in the browser too: the server's formats and size (issue 3). */
export function checkAvatarFile(file: File): FieldError | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { key: 'imageFormat' };
  if (file.size > CHARACTER_LIMITS.avatarBytes) return { key: 'imageTooLarge' };
  return undefined;
}

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : fallback;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Adult models only with the NSFW switch on; an unknown model falls back to the default. */
export function allowedModel(model: string, nsfw: boolean): string {
  const profile = modelProfile(model);
  if (!profile || (profile.adult && !nsfw)) return DEFAULT_MODEL;
  return model;
}

/** The models offered for a chat style (adult ones only with NSFW on); the current one stays. */
export function modelsFor(chatStyle: ChatStyle, nsfw: boolean, current: string) {
  return MODEL_PROFILES.filter((m) => m.id === current || (m.chatStyle === chatStyle && (nsfw || !m.adult)));
}

/** Reads values from anything shaped like them (a draft, a stored character), keeping them valid. */
export function normaliseValues(input: Partial<Record<keyof FormValues, unknown>>): FormValues {
  const nsfw = input.nsfw === true;
  const greetings = Array.isArray(input.alternateGreetings)
    ? input.alternateGreetings.filter((g): g is string => typeof g === 'string')
    : [];
  return {
    name: text(input.name),
    gender: oneOf(GENDERS, input.gender, EMPTY_VALUES.gender),
    category: oneOf(CATEGORIES, input.category, EMPTY_VALUES.category),
    visibility: oneOf(VISIBILITIES, input.visibility, EMPTY_VALUES.visibility),
    nsfw,
    desc: text(input.desc),
    appearance: text(input.appearance),
    personality: text(input.personality),
    tags: text(input.tags),
    firstMessage: text(input.firstMessage),
    alternateGreetings: greetings.slice(0, CHARACTER_LIMITS.alternateGreetings),
    scenario: text(input.scenario),
    exampleDialogue: text(input.exampleDialogue),
    chatStyle: oneOf(CHAT_STYLES, input.chatStyle, EMPTY_VALUES.chatStyle),
    model: allowedModel(text(input.model), nsfw),
    lorebook: formBook(input.lorebook),
    voiceId: text(input.voiceId),
  };
}

/** The form's values for a stored character (edit and clone prefill every field). */
export function valuesOfCharacter(c: CharacterDetail): FormValues {
  return normaliseValues({
    name: c.name,
    gender: c.gender,
    category: c.category,
    visibility: c.visibility,
    nsfw: c.NSFW,
    desc: c.desc,
    appearance: c.appearance,
    personality: c.personality,
    tags: (Array.isArray(c.tags) && c.tags.length > 0 ? c.tags : parseTags(c.tag)).join(', '),
    firstMessage: c.first_message,
    alternateGreetings: c.alternate_greetings,
    scenario: c.scenario,
    exampleDialogue: c.example_dialogue,
    chatStyle: c.chat_style,
    model: c.model,
    voiceId: c.voice_id ?? '',
  });
}

/** A book as the form compares and sends it: a blank one is no book (`null`). */
export const bookJson = (book: Lorebook | null): string => JSON.stringify(isBlankBook(book) ? null : book);

/**
 * The `character_book` field: the book (it replaces the stored one and a card's), `null` (no book),
 * or nothing when the server would keep the same book without it. `kept` is the book the server
 * keeps when the field is left out (bookJson of the stored one, or of an imported card's), or
 * undefined when the form does not know it (an edit's book not loaded yet): then nothing is sent.
 */
export function lorebookField(book: Lorebook | null, kept: string | undefined): string | undefined {
  if (kept === undefined) return undefined;
  const json = bookJson(book);
  return json === kept ? undefined : json;
}

export interface Submission {
  mode: FormMode;
  values: FormValues;
  /** The character edited or cloned. */
  sourceId?: number | undefined;
  avatar?: File | null | undefined;
  card?: File | null | undefined;
  /** The `character_book` field (lorebookField), or nothing. */
  lorebook?: string | undefined;
  /** A new reference picture of the look, or the stored one removed (issue 22). */
  reference?: File | null | undefined;
  removeReference?: boolean | undefined;
}

/** The multipart form of character/create and character/modify (spec §3 fields). */
export function buildFormData({
  mode,
  values,
  sourceId,
  avatar,
  card,
  lorebook,
  reference,
  removeReference,
}: Submission): FormData {
  const form = new FormData();
  if (avatar) form.append('head', avatar);
  if (reference) form.append('reference', reference);
  else if (removeReference) form.append('remove_reference', '1');
  // The server reads the card too, to keep what the form has no field for (book, extensions).
  if (card) form.append('card', card);
  if (mode === 'edit' && sourceId !== undefined) form.append('id', String(sourceId));
  if (mode === 'clone' && sourceId !== undefined) form.append('clone_from', String(sourceId));
  form.append('name', values.name.trim());
  form.append('desc', values.desc);
  form.append('appearance', values.appearance);
  form.append('personality', values.personality);
  form.append('first_message', values.firstMessage);
  form.append(
    'alternate_greetings',
    JSON.stringify(values.alternateGreetings.filter((g) => g.trim() !== '')),
  );
  form.append('scenario', values.scenario);
  form.append('example_dialogue', values.exampleDialogue);
  form.append('chat_style', values.chatStyle);
  form.append('model', allowedModel(values.model, values.nsfw));
  form.append('category', values.category);
  form.append('gender', values.gender);
  form.append('NSFW', values.nsfw ? '1' : '0');
  form.append('visibility', values.visibility);
  form.append('tag', parseTags(values.tags).slice(0, CHARACTER_LIMITS.tags).join(','));
  if (lorebook !== undefined) form.append('character_book', lorebook);
  // Blank leaves an imported card's voice; an edit sends it, so clearing it is kept.
  if (values.voiceId || mode === 'edit') form.append('voice_id', values.voiceId);
  return form;
}
