import { expect } from '@playwright/test';

/**
 * The end-to-end server's mail catcher (MailDev): SMTP on E2E_PORT + 30 (playwright.config.ts), its REST API on the
 * next port. Tests read what the app really sent over SMTP.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_API = `http://127.0.0.1:${PORT + 31}/api`;

export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
}

export interface CaughtMailBody extends CaughtMail {
  html: string;
  text: string;
}

/** Every caught mail to `address` (newest first). */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAIL_API}/email/summary?limit=200&search=${encodeURIComponent(address)}`);
  const page = (await response.json()) as { items: CaughtMail[] };
  return page.items.filter((mail) => mail.to.some((to) => to.address === address));
}

/** Waits for a mail to `address` whose subject contains `subject`, and reads it whole. */
export async function waitForMail(address: string, subject: string): Promise<CaughtMailBody> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => mail.subject.includes(subject));
        return found !== undefined;
      },
      { message: `a mail to ${address} about 「${subject}」`, timeout: 30_000 },
    )
    .toBe(true);
  return (await (await fetch(`${MAIL_API}/email/${found!.id}`)).json()) as CaughtMailBody;
}
