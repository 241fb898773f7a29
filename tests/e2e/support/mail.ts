/** Reading what the app mailed, from the mail catcher started with the server. */
import { expect } from "@playwright/test";

export interface Mail {
  to: string[];
  subject: string;
  body: string;
}

const base = () => `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}`;

/** Waits for the newest message to `to` that arrived after `after` messages. */
export async function waitForMail(to: string, after = 0): Promise<Mail> {
  let messages: Mail[] = [];
  await expect
    .poll(
      async () => {
        const res = await fetch(`${base()}/messages?${new URLSearchParams({ to })}`);
        messages = (await res.json()) as Mail[];
        return messages.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(after);
  return messages.at(-1)!;
}

export async function mailCount(to: string): Promise<number> {
  const res = await fetch(`${base()}/messages?${new URLSearchParams({ to })}`);
  return ((await res.json()) as Mail[]).length;
}

export function linkIn(mail: Mail, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathPrefix}[^\\s"'<>]*`).exec(mail.body);
  if (!match) throw new Error(`no ${pathPrefix} link in mail "${mail.subject}"`);
  return match[0];
}

/** Waits for a message to `to` whose subject contains `subject`, and returns it. */
export async function waitForMailAbout(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${base()}/messages?${new URLSearchParams({ to })}`);
        found = ((await res.json()) as Mail[]).find((mail) => mail.subject.includes(subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
