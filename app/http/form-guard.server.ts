/**
 * The checks every public form's action runs before looking at its fields (DESIGN §8): a rate
 * limit per client address kept in PostgreSQL, a readable form body, and the honeypot.
 */
import { data, type AppLoadContext } from "@remix-run/node";
import type { FormNotice } from "~/lib/notice";
import { AUTH_RATE_LIMIT, hitRateLimit, type RateLimitRule } from "~/services/security/rate-limit.server";
import { honeypotTripped } from "~/http/request-security.server";

export type PublicFormKind =
  "sign-in" | "sign-up" | "password-reset" | "sign-in-link" | "contact" | "checkout";

export type GuardedForm =
  | { ok: true; form: FormData }
  | { ok: false; response: ReturnType<typeof data<{ result: null; notice: FormNotice }>> };

const refuse = (status: number, notice: FormNotice, headers?: HeadersInit): GuardedForm => ({
  ok: false,
  response: data({ result: null, notice }, { status, headers }),
});

/**
 * Reads a public form once the client is within its rate limit and the honeypot is empty. The
 * request body stays unread (a clone is parsed), so remix-auth can still read it.
 */
export async function readPublicForm(
  request: Request,
  context: AppLoadContext,
  kind: PublicFormKind,
  rule: RateLimitRule = AUTH_RATE_LIMIT,
): Promise<GuardedForm> {
  const limit = await hitRateLimit(`${kind}:${context.clientAddress}`, rule);
  if (!limit.allowed) {
    return refuse(
      429,
      { key: "errors.tooManyRequests", params: { seconds: limit.retryAfterSeconds } },
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return refuse(400, { key: "errors.badRequest" });
  }
  if (honeypotTripped(form)) return refuse(400, { key: "errors.badRequest" });
  return { ok: true, form };
}
