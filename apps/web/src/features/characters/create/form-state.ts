import type { CharacterDetail, Locale } from '@lumi/contract';
import { getHref } from '@/config/paths';
import type { NavigateFunction } from '@/lib/router';
import { readSession, writeSession } from '@/lib/storage';

/** The session key of spec §3 that carries a character to the form for edit or clone. */
export const FORM_STATE_KEY = 'formState';

export type FormType = 'edit' | 'clone';

export function isFormType(value: string | null | undefined): value is FormType {
  return value === 'edit' || value === 'clone';
}

/**
 * Opens the create page on a character: stores it as `formState` and navigates with
 * `?type=edit` or `?type=clone`. The list pages call this; the form reads it on mount.
 */
export function openCharacterForm(
  navigate: NavigateFunction,
  locale: Locale,
  character: CharacterDetail,
  type: FormType,
): void {
  writeSession(FORM_STATE_KEY, JSON.stringify(character));
  navigate(`${getHref(locale, 'createCharacter')}?type=${type}`);
}

/** The stored character, or null when there is none or it is not a character. */
export function readFormState(): CharacterDetail | null {
  const raw = readSession(FORM_STATE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CharacterDetail> | null;
    if (!value || typeof value !== 'object' || typeof value.id !== 'number' || typeof value.name !== 'string')
      return null;
    return value as CharacterDetail;
  } catch {
    return null;
  }
}

export function clearFormState(): void {
  try {
    window.sessionStorage.removeItem(FORM_STATE_KEY);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}
