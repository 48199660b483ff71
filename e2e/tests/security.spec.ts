import { expect, test, type Page } from '@playwright/test';
import { mailedCode } from './outbox';

/**
 * Attacks from another site, in a real browser (issue 17): a page on attacker.test (served by
 * the test, another site to the browser) that signs the visitor in as the attacker (login CSRF),
 * clears their chat with a link, and a link carrying the attacker's access token in its fragment.
 */

const ATTACKER = 'http://attacker.test';

/** Serves `html` as the attacker's page and opens it. */
async function attackerPage(page: Page, html: string): Promise<void> {
  await page.route(`${ATTACKER}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><body>${html}</body></html>`,
    }),
  );
  await page.goto(`${ATTACKER}/`);
}

/** The visitor's own session on the site: its uid cookie, once the page has started one. */
async function sessionUid(page: Page): Promise<string> {
  await expect(page.getByTestId('credits-balance')).toHaveText(/\d/);
  const uid = (await page.context().cookies()).find((c) => c.name === 'uid')?.value;
  expect(uid).toBeTruthy();
  return uid!;
}

test('a form on another site cannot sign the visitor in as someone else (login CSRF)', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const mine = await sessionUid(page);
  const attackerCode = 'A'.repeat(20) + 'b'.repeat(20);
  const answer = page.waitForResponse((r) => r.url() === `${baseURL}/cgi-bin/login`);
  await attackerPage(
    page,
    `<form id="f" method="post" action="${baseURL}/cgi-bin/login">
       <input name="type" value="0"><input name="code" value="${attackerCode}">
     </form><script>document.getElementById('f').submit()</script>`,
  );
  const res = await answer;
  expect(res.status()).toBe(403);
  expect(await res.headerValue('set-cookie')).toBeNull();
  await page.goto('/');
  expect(await sessionUid(page)).toBe(mine);
});

test('a link on another site cannot clear the visitor’s chat', async ({ page, baseURL }) => {
  await page.goto('/free-ai-chat-online');
  await sessionUid(page);
  const sent = await page.request.post('/cgi-bin/auth/aigc/text', {
    data: { content: 'Keep this: the blue door.' },
  });
  const conversationId = ((await sent.json()) as { data: { conversation_id: string } }).data.conversation_id;
  const answer = page.waitForResponse((r) => r.url().includes('/cgi-bin/auth/character_msg/clear'));
  await attackerPage(
    page,
    `<a id="go" href="${baseURL}/cgi-bin/auth/character_msg/clear?conversationId=${conversationId}">A prize</a>
     <script>document.getElementById('go').click()</script>`,
  );
  expect((await answer).status()).toBe(403);
  const list = await page.request.get(`/cgi-bin/auth/character_msg/list?conversationId=${conversationId}`);
  const messages = ((await list.json()) as { data: { messages: { content: string }[] } }).data.messages;
  expect(messages.map((m) => m.content)).toContain('Keep this: the blue door.');
});

test('a link with someone else’s access token in its fragment signs nobody in and moves nothing', async ({
  page,
  playwright,
  baseURL,
}) => {
  // The attacker proves their own address in their own browser and keeps the token.
  const attacker = await playwright.request.newContext({ baseURL: baseURL! });
  const email = `attacker-${Date.now()}@example.com`;
  await attacker.post('/cgi-bin/login/email/start', { data: { email } });
  const code = await mailedCode(attacker, email);
  const verified = await attacker.post('/cgi-bin/login/email/verify', { data: { email, code } });
  const token = ((await verified.json()) as { data: { access_token: string } }).data.access_token;
  expect(token).toBeTruthy();

  // The visitor, a guest with something of their own, opens the attacker's link.
  await page.goto('/');
  const mine = await sessionUid(page);
  await page.goto(`/profile#login_type=4&access_token=${token}`);
  await expect(page).toHaveURL(/\/profile$/);
  await page.waitForLoadState('networkidle');
  expect(await sessionUid(page)).toBe(mine);
  await expect(page.getByText('Landing success!')).toHaveCount(0);
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { type?: number },
  );
  expect(stored.type).toBe(0);

  // Even sent to the server by hand from the visitor's browser, the token is refused there.
  const forced = await page.request.post('/cgi-bin/login', { form: { type: '4', code: token } });
  expect(((await forced.json()) as { code: number }).code).toBe(100006);
  // ...and still works in the browser that asked for it.
  const own = await attacker.post('/cgi-bin/login', { form: { type: '4', code: token } });
  expect(((await own.json()) as { code: number }).code).toBe(0);
  await attacker.dispose();
});
