import { expect, type APIRequestContext } from '@playwright/test';

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
