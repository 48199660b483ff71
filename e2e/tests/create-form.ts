import type { Page } from '@playwright/test';
import { text, type Tree } from './texts';

/** The create form's controls, found by the locale's `create` texts. */
export function createFormControls(page: Page, create: Tree) {
  return {
    /** The field that `fields.<name>.label` names. */
    field: (name: string) => page.getByLabel(text(create, `fields.${name}.label`), { exact: false }).first(),
    /** Continue: to the next step, or the errors of this one. */
    next: () => page.getByRole('button', { name: text(create, 'actions.continue') }).click(),
  };
}

/**
 * Publishes the create form from its last step as a visitor does: Publish, then the button of the
 * confirmation before submit (spec §2). Answers the create call's envelope; `create` is the
 * locale's `create` texts.
 */
export async function publishCharacter<T>(
  page: Page,
  create: Tree,
): Promise<{ code: number; message: string; data: T }> {
  const created = page.waitForResponse((r) => r.url().includes('/character/create'));
  await page.getByRole('button', { name: text(create, 'actions.publish') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text(create, 'confirm.create.ok') })
    .click();
  return (await (await created).json()) as { code: number; message: string; data: T };
}
