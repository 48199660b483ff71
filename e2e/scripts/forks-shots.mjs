// Review screenshots of creator credit (issue 21, not a test): a clone of a clone of a seeded
// character, its page with "Based on …" and the original, and the clone form's notice.
// BASE, WIDTHS, LOCALES (shots.mjs).
import { base, eachView } from './shots.mjs';

await eachView(async ({ page, prefix, w, loc, shot }) => {
  await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
  const href = await page
    .locator('[data-testid="character-card"]:not([data-veiled]) a[href*="free-ai-Characters-chat/"]')
    .first()
    .getAttribute('href');
  const sourceId = Number(href.split('/').pop());
  const clone = async (id, name) => {
    const res = await page.request.post(`${base}/cgi-bin/auth/character/create`, {
      multipart: { clone_from: String(id), name, visibility: 'private' },
    });
    const body = await res.json();
    if (body.code !== 0) throw new Error(body.message);
    return body.data;
  };
  const first = await clone(sourceId, loc === 'ar' ? 'نسخة ليلى الثانية' : 'A remix with a much longer name');
  const second = await clone(first.id, 'Third take');

  const profileShown = async () => {
    if (w < 1024) await page.getByTestId('chat-header').click();
    await page.locator('[data-testid="based-on"]:visible').waitFor();
  };
  await page.goto(`${base}${prefix}/free-ai-Characters-chat/${second.id}`, { waitUntil: 'networkidle' });
  await profileShown();
  await shot('forks-page');

  await page.goto(`${base}${prefix}/free-ai-Characters-chat/${first.id}`, { waitUntil: 'networkidle' });
  await profileShown();
  await shot('forks-page-one');

  await page.goto(base + href, { waitUntil: 'networkidle' });
  if (w < 1024) await page.getByTestId('chat-header').click();
  await page.locator('[data-testid="character-profile"]:visible button:has(svg.lucide-copy)').click();
  await page.getByTestId('clone-notice').waitFor();
  await shot('forks-form');
});
