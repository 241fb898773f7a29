/**
 * The action of a page that mails a link to the address typed in (`EmailRequestCard`: forgot
 * password, sign-in link): the address checked (`emailOnlySchema`), the mail sent, then back to
 * /login with "check your mail". The answer is the same whether or not the address has an account.
 * Rate limited per client and per address asked for, so nobody floods one inbox from many
 * client addresses.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/lib/toast.server";
import { emailOnlySchema } from "~/lib/validation/auth";
import type { RateLimitedForm } from "./form.server";
import { storeAction, type StoreArgs, type WithForm } from "./handlers.server";
import { MAIL_RECIPIENT_RATE_LIMIT } from "./rate-rules.server";

export function emailRequestAction(
  kind: RateLimitedForm,
  send: (args: StoreArgs & WithForm, email: string) => Promise<unknown>,
) {
  return storeAction(
    async (args) => {
      const submission = parseWithZod(args.form, { schema: emailOnlySchema });
      if (submission.status !== "success")
        return data({ result: submission.reply(), notice: null }, { status: 400 });
      await send(args, submission.value.email);
      return redirectWithToast("/login", { key: "toast.checkMail" });
    },
    {
      rateLimit: {
        kind,
        subject: (form) => String(form.get("email") ?? ""),
        subjectRule: MAIL_RECIPIENT_RATE_LIMIT,
      },
    },
  );
}
