import { expect, test } from '@playwright/test';

/**
 * Issue 19: a count of 1 read in English on Korean and Indonesian pages ("1 week"), because
 * i18next asked Intl for the plural rules of `kr` and `io` (English and Ido) instead of `ko` and
 * `id`. The pricing page's first plan is one week long.
 */
for (const { locale, week, month } of [
  { locale: 'kr', week: '1주', month: '1개월' },
  { locale: 'io', week: '1 minggu', month: '1 bulan' },
]) {
  test(`the pricing page says "${week}" and "${month}" in /${locale}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`/${locale}/pay-view`);
    await expect(page.getByText(week, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(month, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/\b1 (week|month)\b/)).toHaveCount(0);
  });
}
