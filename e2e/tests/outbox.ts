import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

interface OutboxMail {
  to: string;
  text: string;
}

/** The newest sign-in code mailed to `email`, from the dev outbox. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/dev/outbox')).json()) as { mails: OutboxMail[] };
      code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Signs in through the sign-in dialog that is open: the email address, Send code, then the code
 * mailed to it typed in (the dialog sends it by itself once it has six digits). Answers the dialog.
 */
export async function enterMailedCode(page: Page, email: string): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByLabel('Sign-in code')).toBeFocused();
  await dialog.getByLabel('Sign-in code').fill(await mailedCode(page.request, email));
  return dialog;
}
