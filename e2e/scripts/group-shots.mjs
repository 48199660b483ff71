// Review screenshots of a group chat (not a test): BASE, WIDTHS, LOCALES (shots.mjs).
import { base, eachView } from './shots.mjs';

await eachView(async ({ page, prefix, shot, w }) => {
  await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
  const cards = page.locator(
    '[data-testid="character-card"]:not([data-veiled]) a[href*="free-ai-Characters-chat/"]',
  );
  const hrefs = (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).slice(0, 3);
  for (const href of hrefs) {
    await page.goto(base + href, { waitUntil: 'networkidle' });
  }
  await shot('group-chat-header');
  if (w < 600) {
    await page.getByTestId('chat-header').click();
    await page.getByTestId('group-new').last().click();
  } else {
    await page.getByTestId('chat-group-open').click();
  }
  await page.getByTestId('group-candidate').nth(1).click();
  await page.getByTestId('group-candidate').nth(2).click();
  await shot('group-picker');
  await page.getByTestId('group-start').click();
  await page.waitForURL(/group-chat/);
  await page.getByTestId('group-header').waitFor();
  await page.getByTestId('chat-message').first().waitFor();
  await page.getByTestId('chat-input').fill('Hello everyone, what brings you here tonight?');
  await page.getByTestId('chat-send').click();
  await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: 20000 });
  await page.getByTestId('group-speak-member').nth(2).click();
  await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: 20000 });
  await shot('group-chat');
  if (w < 600) {
    await page.goto(base + hrefs[2], { waitUntil: 'networkidle' });
    await page.getByTestId('chat-header').click();
    await page.getByTestId('character-groups').last().scrollIntoViewIfNeeded();
    await shot('group-on-profile');
  } else {
    await page.goto(base + hrefs[2], { waitUntil: 'networkidle' });
    await page.getByTestId('character-groups').scrollIntoViewIfNeeded();
    await shot('group-on-profile');
  }
});
