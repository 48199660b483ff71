// Review screenshots of a chat's branches (not a test): BASE, WIDTHS, LOCALES (shots.mjs).
import { base, eachView } from './shots.mjs';

await eachView(async ({ page, prefix, shot, w }) => {
  await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
  const href = await page
    .locator('[data-testid="character-card"]:not([data-veiled]) a[href*="free-ai-Characters-chat/"]')
    .first()
    .getAttribute('href');
  await page.goto(base + href, { waitUntil: 'networkidle' });
  for (const text of ['We take the north road.', 'Then we cross the bridge.']) {
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: 20000 });
  }
  const reply = page.getByTestId('chat-message').nth(2);
  if (w < 600) await reply.getByTestId('message-text').click();
  else await reply.hover();
  await shot('branch-actions');
  await reply.getByTestId('message-branch').click();
  await shot('branch-created');
  await page.getByTestId('chat-branches-open').click();
  await shot('branch-tree');
});
