/**
 * The action of a page that mails a link to the address typed in (`EmailRequestCard`: forgot
 * password, sign-in link): the address checked (`emailOnlySchema`), the mail sent, then back to
 * /login with "check your mail". The answer is the same whether or not the address has an account.
 * Rate limited per client and per address asked for, so nobody floods one inbox from many
 * client addresses.
 */
import { emailOnlySchema } from "~/lib/validation/auth";
import type { RateLimitedForm } from "./form.server";
import { storeAction, type StoreArgs, type WithForm } from "./handlers.server";
import { MAIL_RECIPIENT_RATE_LIMIT } from "./rate-rules.server";
import { submitSchemaForm } from "./schema-form.server";

export function emailRequestAction(
  kind: RateLimitedForm,
  send: (args: StoreArgs & WithForm, email: string) => Promise<unknown>,
) {
  return storeAction(
    (args) =>
      submitSchemaForm(args, {
        schema: emailOnlySchema,
        save: ({ email }) => send(args, email),
        success: { path: "/login", toast: { key: "toast.checkMail" } },
        extra: () => ({ notice: null }),
      }),
    {
      rateLimit: {
        kind,
        subject: (form) => String(form.get("email") ?? ""),
        subjectRule: MAIL_RECIPIENT_RATE_LIMIT,
      },
    },
  );
}
