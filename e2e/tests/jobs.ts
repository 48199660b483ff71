import { expect, type Locator } from '@playwright/test';

/**
 * Waits for a job's result (a picture, a swapped photo): its status line or the result shows
 * first, then the result, within `timeout` ms. The engines here are quick, so the waiting states
 * may be over before they are looked at: a status that is seen must read as one of `waiting`.
 */
export async function expectJobDone(status: Locator, done: Locator, waiting: RegExp, timeout: number) {
  await expect(status.or(done).first()).toBeVisible();
  const seen = await status.textContent({ timeout: 250 }).catch(() => null);
  if (seen !== null) expect(seen).toMatch(waiting);
  await expect(done).toBeVisible({ timeout });
}
