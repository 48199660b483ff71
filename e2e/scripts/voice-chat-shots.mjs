// Review screenshots of a character's voice (issue 22): the create form's voice field, the chat
// with its Listen actions (one spoken, so it says free), the settings' auto-play switch and, on a
// phone, the character's page with its voice. BASE of a running site; PNGs in /tmp/shots.
import { AVATAR_PNG, base, eachView } from './shots.mjs';

await eachView(async ({ page, prefix, shot, w }) => {
  await page.addInitScript(() => localStorage.setItem('appPromptDismissedAt', String(Date.now())));
  await page.goto(`${base}${prefix}/free-ai-create-character`);
  await page.getByTestId('credits-balance').waitFor();
  await page
    .locator('#cc-avatar')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: AVATAR_PNG });
  const next = () => page.locator('button[type="submit"]:visible').last().click();
  await page.locator('#cc-name').fill('Nell');
  await next();
  await page.locator('#cc-desc').fill('A lighthouse keeper who reads the weather aloud.');
  await next();
  await page.locator('#cc-firstMessage').fill('The lamp is lit. Come in out of the rain.');
  await page.getByTestId('voice-bella').getByRole('radio').check();
  await page.getByTestId('voice-field').scrollIntoViewIfNeeded();
  await shot('voice-field');
  const created = page.waitForResponse((r) => r.url().includes('/character/create'));
  await next();
  await next();
  await page.getByTestId('publish-confirm').click();
  const made = await (await created).json();
  await page.goto(`${base}${prefix}/free-ai-Characters-chat/${made.data.id}`);
  const listen = page.getByTestId('message-listen').first();
  await listen.waitFor();
  await shot('voice-listen');
  await listen.click();
  await page.waitForFunction(
    () =>
      globalThis.document.querySelector('[data-testid="message-listen"]')?.getAttribute('data-cost') === '0',
  );
  await shot('voice-listened');
  await page.getByTestId('chat-settings-open').click();
  await page.getByTestId('auto-play').click();
  await shot('voice-settings');
  await page.keyboard.press('Escape');
  if (w < 768) {
    await page.getByTestId('chat-header').click();
    await page.locator('[data-testid="character-voice"]:visible').waitFor();
    await shot('voice-profile');
  }
});
