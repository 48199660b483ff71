import { expect, test, type Locator, type Page } from '@playwright/test';
import { createFormControls, publishCharacter } from './create-form';
import { ns, text } from './texts';

/**
 * A character's voice (issue 22): the owner picks one in the create form, the character's page
 * shows it with a sample, and in the chat a reply is read aloud in it (the audio gets the job's
 * file, the credits go down once, a replay is free); with auto-play each new reply plays when
 * it is written. English and Arabic, 1280 px and 390 px (touch).
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const replies = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

async function remain(page: Page): Promise<number> {
  const res = await page.request.get('/cgi-bin/auth/credit/remain');
  return ((await res.json()) as { data: { remain: number } }).data.remain;
}

/** The sources the page's audio players were asked to play, in order. */
const played = (page: Page) => page.evaluate(() => (window as unknown as { played: string[] }).played);

for (const locale of ['en', 'ar'] as const) {
  for (const width of [1280, 390]) {
    test.describe(`${locale}, ${width} px`, () => {
      test.use({ hasTouch: width < 768, viewport: { width, height: width < 768 ? 844 : 900 } });

      test(`a reply read aloud in the character's voice (${locale}, ${width} px)`, async ({ page }) => {
        // A form, a chat, three speech jobs and a reply beside another worker.
        test.setTimeout(120_000);
        // A visitor who said "Not now" to the app prompt before (on a phone it covers the form).
        await page.addInitScript(() => localStorage.setItem('appPromptDismissedAt', String(Date.now())));
        await page.addInitScript(() => {
          const w = window as unknown as { played: string[] };
          w.played = [];
          const proto = HTMLMediaElement.prototype;
          const { play } = Object.getOwnPropertyDescriptors(proto);
          proto.play = function (this: HTMLMediaElement) {
            w.played.push(this.src);
            return (play.value as typeof proto.play).call(this);
          };
        });
        const touch = width < 768;
        const press = (target: Locator) => (touch ? target.tap() : target.click());
        const prefix = locale === 'en' ? '' : `/${locale}`;
        const create = ns(locale, 'create');
        const chatTexts = ns(locale, 'chat');
        const form = createFormControls(page, create);

        // The owner gives the new character Bella's voice.
        await page.goto(`${prefix}/free-ai-create-character`);
        await expect(page.getByTestId('credits-balance')).toHaveText(/\d/);
        await page
          .locator(`input[type="file"][aria-label="${text(create, 'fields.avatar.label')}"]`)
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
        await form.field('name').fill(`Nell ${locale} ${width} ${Date.now().toString(36)}`);
        await form.next();
        await form.field('desc').fill('A 31-year-old lighthouse keeper who reads the weather aloud.');
        await form.next();
        await form.field('firstMessage').fill('The lamp is lit. Come in out of the rain.');
        const bella = page.getByTestId('voice-bella');
        await bella.scrollIntoViewIfNeeded();
        await press(bella.getByRole('radio'));
        await expect(bella.getByRole('radio')).toBeChecked();
        await form.next();
        const made = await publishCharacter<{ id: number; voice_id: string }>(page, create);
        expect(made.code).toBe(0);
        expect(made.data.voice_id).toBe('bella');

        // Its page shows the voice, with a sample to play.
        await page.goto(`${prefix}/free-ai-Characters-chat/${made.data.id}`);
        await expect(replies(page)).toHaveCount(1);
        if (touch) await press(page.getByTestId('chat-header'));
        const voice = page.locator('[data-testid="character-voice"]:visible');
        await expect(voice).toContainText('Bella');
        const sample = page.waitForResponse((r) => r.url().includes('/cgi-bin/speech/preview/bella'));
        await press(voice.getByTestId('character-voice-sample'));
        expect((await sample).status()).toBe(302);
        if (touch) await page.keyboard.press('Escape');

        // Listen: the reply's cost, then the audio of its job; the credits go down once.
        const listen = replies(page).first().getByTestId('message-listen');
        const cost = Number(await listen.getAttribute('data-cost'));
        expect(cost).toBe(1);
        await expect(listen).toContainText(text(chatTexts, 'voice.cost_one').replace('{{count}}', '1'));
        const before = await remain(page);
        const spoken = page.waitForResponse((r) => r.url().includes('/cgi-bin/auth/character_msg/speech'));
        await press(listen);
        const first = (await (await spoken).json()) as { data: { id: string; charged: number } };
        expect(first.data.charged).toBe(1);
        await expect.poll(() => played(page), { timeout: 30_000 }).toHaveLength(2);
        expect((await played(page)).at(-1)).toContain('/files/private/');
        expect(await remain(page)).toBe(before - 1);
        await expect(listen).toHaveAttribute('data-cost', '0');
        await expect(listen).toContainText(text(chatTexts, 'voice.free'));

        // A replay is the same audio, free.
        if ((await listen.getAttribute('aria-pressed')) === 'true') await press(listen);
        await expect(listen).toHaveAttribute('aria-pressed', 'false');
        const again = page.waitForResponse((r) => r.url().includes('/cgi-bin/auth/character_msg/speech'));
        await press(listen);
        const replay = (await (await again).json()) as {
          data: { id: string; charged: number; cached: boolean };
        };
        expect(replay.data).toMatchObject({ id: first.data.id, charged: 0, cached: true });
        await expect.poll(() => played(page)).toHaveLength(3);
        expect((await played(page)).at(-1)).toBe((await played(page)).at(-2));
        expect(await remain(page)).toBe(before - 1);

        // Auto-play, remembered by the browser: the next reply plays once it is written.
        await press(page.getByTestId('chat-settings-open'));
        const autoPlay = page.getByTestId('auto-play');
        await expect(autoPlay).toHaveAccessibleName(text(chatTexts, 'voice.autoPlay'));
        await press(autoPlay);
        await expect(autoPlay).toHaveAttribute('aria-checked', 'true');
        await page.keyboard.press('Escape');
        const next = page.waitForResponse((r) => r.url().includes('/cgi-bin/auth/character_msg/speech'));
        await page.getByTestId('chat-input').fill('Is the storm getting closer?');
        await press(page.getByTestId('chat-send'));
        await expect(replies(page)).toHaveCount(2);
        const auto = (await (await next).json()) as { data: { id: string; charged: number } };
        expect(auto.data.id).not.toBe(first.data.id);
        await expect.poll(() => played(page), { timeout: 30_000 }).toHaveLength(4);
        expect((await played(page)).at(-1)).toContain('/files/private/');
        expect(await page.evaluate(() => localStorage.getItem('chatAutoPlay'))).toBe('1');
      });
    });
  }
}
