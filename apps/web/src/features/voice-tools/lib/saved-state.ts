import { SPEECH_LIMITS, voiceById } from '@lumi/contract';
import { readSession, writeSession } from '@/lib/storage';

export type AudioFormatChoice = 'mp3' | 'wav';
export type ReferenceSource = 'record' | 'upload';
export type ScriptSource = 'text' | 'record' | 'upload';
export type CloneStep = 1 | 2 | 3;

/** The generator's form, kept for the tab's session. */
export interface GeneratorForm {
  voiceId: string;
  text: string;
  format: AudioFormatChoice;
}

/** What the cloning page keeps (files cannot be kept; the user adds them again). */
export interface CloneForm {
  step: CloneStep;
  referenceSource: ReferenceSource;
  scriptSource: ScriptSource;
  text: string;
  format: AudioFormatChoice;
}

export const GENERATOR_KEY = 'voiceGeneratorForm';
export const CLONE_KEY = 'voiceCloneForm';

export const DEFAULT_GENERATOR: GeneratorForm = { voiceId: 'aria', text: '', format: 'mp3' };
export const DEFAULT_CLONE: CloneForm = {
  step: 1,
  referenceSource: 'record',
  scriptSource: 'text',
  text: '',
  format: 'mp3',
};

const pick = <T extends string | number>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, SPEECH_LIMITS.text) : '');

function parse(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The kept generator form; anything missing or unknown falls back to the defaults. */
export function parseGeneratorForm(raw: string | null): GeneratorForm {
  const saved = parse(raw);
  const voiceId = typeof saved.voiceId === 'string' && voiceById(saved.voiceId) ? saved.voiceId : 'aria';
  return {
    voiceId,
    text: text(saved.text),
    format: pick(saved.format, ['mp3', 'wav'] as const, 'mp3'),
  };
}

/** The kept cloning form; anything missing or unknown falls back to the defaults. */
export function parseCloneForm(raw: string | null): CloneForm {
  const saved = parse(raw);
  return {
    step: pick(saved.step, [1, 2, 3] as const, 1),
    referenceSource: pick(saved.referenceSource, ['record', 'upload'] as const, 'record'),
    scriptSource: pick(saved.scriptSource, ['text', 'record', 'upload'] as const, 'text'),
    text: text(saved.text),
    format: pick(saved.format, ['mp3', 'wav'] as const, 'mp3'),
  };
}

export const loadGeneratorForm = () => parseGeneratorForm(readSession(GENERATOR_KEY));
export const saveGeneratorForm = (form: GeneratorForm) => writeSession(GENERATOR_KEY, JSON.stringify(form));
export const loadCloneForm = () => parseCloneForm(readSession(CLONE_KEY));
export const saveCloneForm = (form: CloneForm) => writeSession(CLONE_KEY, JSON.stringify(form));
