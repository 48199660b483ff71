import { readSession, writeSession } from '@/lib/storage';
import { EMPTY_VALUES, normaliseValues, type FormValues } from './form-model';

/** sessionStorage key of the unsaved create form: a reload keeps the text typed so far. */
export const DRAFT_KEY = 'createCharacterDraft';

export function readDraft(): FormValues | null {
  const raw = readSession(DRAFT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object') return null;
    return normaliseValues(value);
  } catch {
    return null;
  }
}

/** Saves the values, or forgets the draft when nothing differs from an empty form. */
export function saveDraft(values: FormValues): void {
  if (isEmptyDraft(values)) clearDraft();
  else writeSession(DRAFT_KEY, JSON.stringify(values));
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage disabled: nothing was saved either.
  }
}

function isEmptyDraft(values: FormValues): boolean {
  return JSON.stringify(values) === JSON.stringify(EMPTY_VALUES);
}
