// Review screenshots of the chat pages (not a test): BASE, WIDTHS, LOCALES (shots.mjs).
import { base, eachView } from './shots.mjs';

await eachView(async ({ page, prefix, shot }) => {
  await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
  const href = await page.locator('a[href*="free-ai-Characters-chat/"]').first().getAttribute('href');
  await page.goto(base + href, { waitUntil: 'networkidle' });
  await page.getByTestId('chat-input').fill('Hello! Who are you, and what are you doing here tonight?');
  await page.getByTestId('chat-send').click();
  await page.waitForTimeout(600);
  await shot('chat-stream', { wait: 0 });
  await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: 20000 });
  await page.waitForTimeout(300);
  await shot('chat');
  await page.getByTestId('chat-settings-open').click();
  await page.waitForTimeout(400);
  await shot('chat-settings');
  await page.keyboard.press('Escape');
  await page.goto(`${base}${prefix}/free-ai-chat-online`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await shot('aichat');
});
