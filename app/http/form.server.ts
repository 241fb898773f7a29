/**
 * The one way an action reads its form (DESIGN §8). In order: a per-client (and optionally
 * per-subject) rate limit kept in PostgreSQL, a form content type (415 otherwise), a readable
 * body (400), the honeypot (400), no NUL byte in any field (PostgreSQL text cannot hold one,
 * and no person types it), and a form intent (Conform's `__intent__`, which our list buttons
 * send) shaped as Conform writes it, `{"type": …, "payload": …}`: Conform throws on anything
 * else, and on any field name or intent that steps into `__proto__` (400 for both). Each of these
 * is a forged body (ForgedForm): its 400 is the page's error, which no loader of the page can
 * turn into a redirect. The request body stays unread: a clone is parsed, so remix-auth can still
 * read it.
 */
import type { AppLoadContext } from "@remix-run/node";
import { INTENT_FIELD } from "~/lib/form-value";
import { AUTH_RATE_LIMIT, hitRateLimit, type RateLimitRule } from "~/services/security/rate-limit.server";
import { honeypotTripped } from "./request-security.server";
import { ForgedForm, Refusal } from "./refusal.server";

export type RateLimitedForm =
  | "sign-in"
  | "sign-up"
  | "password-reset"
  | "sign-in-link"
  | "password-change"
  | "contact"
  | "checkout"
  | "upload";

export interface FormOptions {
  /**
   * Counts this request against a limit per client address, and, when `subject` names one (an
   * email address, an account), against a limit per subject too, so spreading requests over
   * many addresses does not get around it.
   */
  rateLimit?: {
    kind: RateLimitedForm;
    rule?: RateLimitRule;
    subject?: (form: FormData) => string | null | undefined;
    /** The limit per subject, when it differs from the per-client `rule` (e.g. mails to one address). */
    subjectRule?: RateLimitRule;
  };
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export function isFormContentType(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return FORM_TYPES.includes(type);
}

/** Throws a 429 Refusal (with Retry-After) once `key` is over `rule`. */
export async function enforceRateLimit(key: string, rule: RateLimitRule = AUTH_RATE_LIMIT): Promise<void> {
  const limit = await hitRateLimit(key, rule);
  if (!limit.allowed) {
    throw new Refusal(
      429,
      { key: "errors.tooManyRequests", params: { seconds: limit.retryAfterSeconds } },
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
}

export async function readForm(
  request: Request,
  context: AppLoadContext,
  options: FormOptions = {},
): Promise<FormData> {
  const limit = options.rateLimit;
  if (limit) await enforceRateLimit(`${limit.kind}:${context.clientAddress}`, limit.rule);
  if (!isFormContentType(request.headers.get("Content-Type"))) {
    throw new Refusal(415, { key: "errors.unsupportedForm" });
  }
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    throw new ForgedForm();
  }
  if (honeypotTripped(form)) throw new ForgedForm();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && value.includes("\u0000")) throw new ForgedForm();
    if (!isSafeFieldName(name)) throw new ForgedForm();
  }
  for (const intent of form.getAll(INTENT_FIELD)) {
    if (typeof intent !== "string" || !isConformIntent(intent)) throw new ForgedForm();
  }
  const subject = limit?.subject?.(form)?.trim().toLowerCase();
  if (limit && subject)
    await enforceRateLimit(`${limit.kind}:subject:${subject}`, limit.subjectRule ?? limit.rule);
  return form;
}

/**
 * Conform builds an object from field names as paths (`items[1].name`) and walks an intent's
 * `payload.name` the same way: a `__proto__`, `constructor` or `prototype` step reaches into
 * Object.prototype and throws (a 500 with a stack trace on every action). No form of ours has
 * such a name, so any name with one is a forged request.
 */
const UNSAFE_STEPS = new Set(["__proto__", "constructor", "prototype"]);

export function isSafeFieldName(name: string): boolean {
  return !name.split(/[.[\]]/).some((step) => UNSAFE_STEPS.has(step));
}

/** Every key of a parsed intent, at any depth, and every `name` it carries, is a safe name. */
function isSafeIntentValue(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (Array.isArray(value)) return value.every((item) => isSafeIntentValue(item, depth + 1));
  if (typeof value !== "object" || value === null) return true;
  for (const [key, item] of Object.entries(value)) {
    if (UNSAFE_STEPS.has(key)) return false;
    if (key === "name" && typeof item === "string" && !isSafeFieldName(item)) return false;
    if (!isSafeIntentValue(item, depth + 1)) return false;
  }
  return true;
}

function isConformIntent(text: string): boolean {
  try {
    const intent: unknown = JSON.parse(text);
    return (
      typeof intent === "object" &&
      intent !== null &&
      typeof (intent as { type?: unknown }).type === "string" &&
      (intent as { payload?: unknown }).payload !== undefined &&
      isSafeIntentValue(intent)
    );
  } catch {
    return false;
  }
}
