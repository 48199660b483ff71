import {
  DEFAULT_IMAGE_SIZE,
  GIRL_BUILDER,
  GIRL_BUILDER_MULTI,
  GIRL_BUILDER_OPTIONAL,
  IMAGE_LIMITS,
  IMAGE_MODELS,
  IMAGE_SPEEDS,
  imageCost,
  presetsOf,
  type GirlBuilderField,
  type ImageBody,
  type ImageModel,
  type ImageSize,
  type ImageSpeed,
  type ImageTool,
} from '@lumi/contract';
import { readSession, removeSession, writeSession } from '@/lib/storage';
import { isImageSize } from './sizes';

/** Hobbies: at most this many (the server's limit too). */
export const MAX_HOBBIES = 5;

export const BUILDER_FIELDS = Object.keys(GIRL_BUILDER) as GirlBuilderField[];
export const REQUIRED_FIELDS = BUILDER_FIELDS.filter((f) => !GIRL_BUILDER_OPTIONAL.has(f));

/** The girl builder's choices: one value per field, several for hobbies. */
export type BuilderChoice = Partial<Record<GirlBuilderField, string | string[]>>;

/** The girl page's two ways: a preset, or the builder. */
export type GirlMode = 'presets' | 'builder';

/** Everything a tool page's form holds; kept per tool in sessionStorage (spec §2). */
export interface ToolForm {
  prompt: string;
  negative: string;
  /** The chosen preset; tools with presets always have one, the image tool none. */
  preset: string | null;
  size: ImageSize;
  count: number;
  speed: ImageSpeed;
  model: ImageModel;
  mode: GirlMode;
  builder: BuilderChoice;
}

export const presetTool = (tool: ImageTool) => (tool === 'image' ? null : tool);

export function defaultForm(tool: ImageTool): ToolForm {
  const kind = presetTool(tool);
  return {
    prompt: '',
    negative: '',
    preset: kind ? (presetsOf(kind)[0]?.id ?? null) : null,
    size: DEFAULT_IMAGE_SIZE,
    count: 1,
    speed: 'slow',
    model: 'standard',
    mode: 'presets',
    builder: {},
  };
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Keeps only the builder values that exist; hobbies deduplicated and capped. */
export function sanitizeBuilder(raw: unknown): BuilderChoice {
  if (!raw || typeof raw !== 'object') return {};
  const out: BuilderChoice = {};
  for (const field of BUILDER_FIELDS) {
    const allowed = GIRL_BUILDER[field] as readonly string[];
    const value = (raw as Record<string, unknown>)[field];
    if (GIRL_BUILDER_MULTI.has(field)) {
      if (!Array.isArray(value)) continue;
      const picked = [...new Set(value.filter((v): v is string => allowed.includes(v as string)))];
      if (picked.length > 0) out[field] = picked.slice(0, MAX_HOBBIES);
    } else if (typeof value === 'string' && allowed.includes(value)) {
      out[field] = value;
    }
  }
  return out;
}

/** A stored form read back: anything unknown or out of range falls back to the default. */
export function sanitizeForm(tool: ImageTool, raw: unknown): ToolForm {
  const base = defaultForm(tool);
  if (!raw || typeof raw !== 'object') return base;
  const r = raw as Record<string, unknown>;
  const kind = presetTool(tool);
  const presetIds = kind ? presetsOf(kind).map((p) => p.id) : [];
  const count = typeof r.count === 'number' && Number.isInteger(r.count) ? r.count : base.count;
  return {
    prompt: text(r.prompt, IMAGE_LIMITS.prompt),
    negative: text(r.negative, IMAGE_LIMITS.negativePrompt),
    preset: kind ? oneOf(presetIds, r.preset, base.preset ?? '') : null,
    size: isImageSize(r.size) ? r.size : base.size,
    count: Math.min(IMAGE_LIMITS.maxCount, Math.max(1, count)),
    speed: oneOf(IMAGE_SPEEDS, r.speed, base.speed),
    model: oneOf(IMAGE_MODELS, r.model, base.model),
    mode: tool === 'girl' ? oneOf(['presets', 'builder'] as const, r.mode, 'presets') : 'presets',
    builder: tool === 'girl' ? sanitizeBuilder(r.builder) : {},
  };
}

const formKey = (tool: ImageTool) => `imageTool.${tool}.form`;
const jobKey = (tool: ImageTool) => `imageTool.${tool}.job`;

export function loadForm(tool: ImageTool): ToolForm {
  const raw = readSession(formKey(tool));
  if (!raw) return defaultForm(tool);
  try {
    return sanitizeForm(tool, JSON.parse(raw));
  } catch {
    return defaultForm(tool);
  }
}

export function saveForm(tool: ImageTool, form: ToolForm): void {
  writeSession(formKey(tool), JSON.stringify(form));
}

/** The page's current generation: its job id and what was asked (Retry sends it again). */
export interface StoredJob {
  id: string;
  request: ImageBody;
}

export function loadJob(tool: ImageTool): StoredJob | null {
  const raw = readSession(jobKey(tool));
  if (!raw) return null;
  try {
    const job = JSON.parse(raw) as Partial<StoredJob>;
    return typeof job.id === 'string' && job.request && typeof job.request === 'object'
      ? { id: job.id, request: job.request }
      : null;
  } catch {
    return null;
  }
}

export function saveJob(tool: ImageTool, job: StoredJob): void {
  writeSession(jobKey(tool), JSON.stringify(job));
}

export function clearJob(tool: ImageTool): void {
  removeSession(jobKey(tool));
}

/** The required builder fields not chosen yet, in the builder's order. */
export function missingFields(builder: BuilderChoice): GirlBuilderField[] {
  return REQUIRED_FIELDS.filter((field) => {
    const value = builder[field];
    return Array.isArray(value) ? value.length === 0 : !value;
  });
}

/** Chooses or un-chooses a value of a multi-choice field, keeping at most `max`. */
export function toggleMulti(current: readonly string[], value: string, max: number): string[] {
  if (current.includes(value)) return current.filter((v) => v !== value);
  return current.length >= max ? [...current] : [...current, value];
}

export const usesBuilder = (tool: ImageTool, form: ToolForm) => tool === 'girl' && form.mode === 'builder';

/** What keeps Generate disabled: an empty prompt where one is needed, or missing builder fields. */
export type Blocker = { kind: 'prompt' } | { kind: 'builder'; missing: GirlBuilderField[] } | null;

export function blockerOf(tool: ImageTool, form: ToolForm): Blocker {
  if (usesBuilder(tool, form)) {
    const missing = missingFields(form.builder);
    return missing.length > 0 ? { kind: 'builder', missing } : null;
  }
  if (tool === 'image' && !form.prompt.trim()) return { kind: 'prompt' };
  return null;
}

/** The call's body for the form: a preset or the builder, never both. */
export function toRequest(tool: ImageTool, form: ToolForm): ImageBody {
  const negative = form.negative.trim();
  const body: ImageBody = {
    prompt: form.prompt.trim(),
    size: form.size,
    count: form.count,
    speed: form.speed,
    model: form.model,
    ...(negative ? { negative_prompt: negative } : {}),
  };
  if (usesBuilder(tool, form)) return { ...body, builder: sanitizeBuilder(form.builder) };
  if (tool !== 'image' && form.preset) return { ...body, preset: form.preset };
  return body;
}

/** Credits the form's generation costs (what the Generate button shows). */
export const formCost = (form: Pick<ToolForm, 'model' | 'count'>) => imageCost(form.model, form.count);
