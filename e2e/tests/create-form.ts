import type { Page } from '@playwright/test';
import { text, type Tree } from './texts';

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
