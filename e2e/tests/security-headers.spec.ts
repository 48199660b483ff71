import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import chromium from '../chromium.json' with { type: 'json' };
import { openableCard } from './cards';
import { mailedCode } from './outbox';

// The voice cloning page records from Chromium's fake microphone: the Permissions-Policy must
// leave the microphone to the site. The service worker runs, as for a visitor.
test.use({
  serviceWorkers: 'allow',
  launchOptions: {
    ...chromium,
    args: [...chromium.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const FACE_PHOTO = path.join(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'web',
  'public',
  'faceswap-samples',
  'mona-lisa.jpg',
);

/**
 * Everything the browser says against the page: each `securitypolicyviolation` event (reported
 * from every document the page loads), console lines about a policy, and uncaught errors.
 */
async function watchPolicies(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (line: string) => problems.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportPolicyViolation: (line: string) => void })
        .reportPolicyViolation;
      report(
        `violation on ${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}` +
          ` at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy|Refused to/i.test(message.text()))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** The app started on the page (its script ran and called the API): the balance shows. */
async function started(page: Page) {
  await expect(page.getByTestId('credits-balance')).toHaveText(/\d/);
}

for (const locale of ['en', 'ar'] as const) {
  const at = (path: string) => (locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`);

  test(`${locale}: home, a chat with a demo reply, search, pricing, profile, a legal page, an article`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const problems = await watchPolicies(page);

    await page.goto(at('/'));
    await started(page);
    // The worker registers under worker-src.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const card = await openableCard(page);
    await card.locator('a').first().click();
    await expect(page.getByTestId('chat-header')).toBeVisible();
    await page.getByTestId('chat-input').fill('Hello from the policy check');
    await page.getByTestId('chat-send').click();
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').nth(1);
    await expect(reply).toContainText('Hello from the policy check', { timeout: 15_000 });

    await page.goto(at('/search/girl'));
    await started(page);
    await expect(page.getByTestId('search-results')).toBeVisible();
    await page.goto(at('/pay-view'));
    await expect(page.getByTestId('cost-table')).toBeVisible();
    // Signing in on the profile page: a dialog (Radix's scroll lock adds a <style>), a toast
    // (sonner adds its own), then the profile.
    await page.goto(at('/profile'));
    await started(page);
    await page.locator('main button').first().click();
    const dialog = page.getByRole('dialog');
    const email = `csp-${locale}-${Date.now()}@example.com`;
    await dialog.locator('input[type="email"]').fill(email);
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator('input[autocomplete="one-time-code"]').fill(await mailedCode(request, email));
    await expect(dialog).toBeHidden();
    // A new avatar shows from a blob: URL until it is saved.
    await page.locator('main input[type="file"]').setInputFiles(FACE_PHOTO);
    const avatar = page.locator('main button img').first();
    await expect(avatar).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.goto(at('/terms-of-service'));
    await started(page);
    await expect(
      page.getByTestId('content-document').getByRole('heading', { level: 2 }).first(),
    ).toBeVisible();
    await page.goto(at('/blogs/free-daily-credits-explained'));
    await started(page);
    await expect(page.getByTestId('content-document').locator('h1')).toBeVisible();

    expect(problems).toEqual([]);
  });

  test(`${locale}: the tools: image (preview engine), voice, voice cloning (microphone), face swap`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const problems = await watchPolicies(page);

    await page.goto(at('/free-ai-image-generator'));
    await started(page);
    await page.getByTestId('prompt').fill('a lighthouse at dusk');
    await page.getByTestId('generate').filter({ visible: true }).click();
    const done = page.getByTestId('generation-done');
    await expect(done.getByRole('img').first()).toHaveJSProperty('complete', true, { timeout: 20_000 });
    expect(
      await done
        .getByRole('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(768);

    await page.goto(at('/free-ai-voice-generator'));
    await started(page);
    await page.getByTestId('voice-form').locator('textarea').fill('One two three.');
    await page.getByTestId('generate').filter({ visible: true }).click();
    await expect(page.getByTestId('result-audio')).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });

    await page.goto(at('/free-ai-voice-cloning'));
    await started(page);
    const recorder = page.getByTestId('recorder-voice');
    await recorder.getByTestId('record-button').click();
    await expect(page.getByTestId('mic-error')).toHaveCount(0);
    await page.waitForTimeout(1200);
    await recorder.getByTestId('record-button').click();
    await expect(page.getByTestId('reference-take').locator('audio')).toHaveAttribute('src', /^blob:/);

    await page.goto(at('/free-ai-swap-face'));
    await started(page);
    await page.getByTestId('base-random').click();
    await expect(page.getByTestId('base-preview')).toBeVisible();
    await page.getByTestId('face-input').setInputFiles(FACE_PHOTO);
    await expect(page.getByTestId('face-preview')).toBeVisible();

    expect(problems).toEqual([]);
  });
}

test('a page on another origin cannot show the site in a frame', async ({ page, baseURL }) => {
  // Another site, on a port of its own: one frame of its own page, one of ours.
  const embedder = http.createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(
      request.url === '/own'
        ? '<!doctype html><p id="shown">shown</p>'
        : `<!doctype html><iframe src="/own"></iframe><iframe src="${baseURL}/pay-view"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = embedder.address() as AddressInfo;
    const ours = `${baseURL}/pay-view`;
    const answered = page.waitForResponse(ours);
    const refused = page.waitForEvent('requestfailed', (r) => r.url() === ours);
    await page.goto(`http://127.0.0.1:${port}/`);
    // Its own page shows in a frame; ours is answered, and the browser refuses to show it.
    await expect(page.frameLocator('iframe[src="/own"]').locator('#shown')).toHaveText('shown');
    expect((await answered).status()).toBe(200);
    expect((await refused).failure()?.errorText).toBe('net::ERR_BLOCKED_BY_RESPONSE');
    await expect(page.frameLocator(`iframe[src="${ours}"]`).locator('#root')).toHaveCount(0);
  } finally {
    await new Promise((resolve) => embedder.close(resolve));
  }
});
