/**
 * A request refused with a clear message (DESIGN §8: bad input gets a 4xx, never a 500). Thrown
 * from anywhere below a handler wrapper; the wrapper turns it into the action data every form
 * shows (`{ result: null, notice }`) or, in a loader, a thrown response of that status.
 */
import { data } from "@remix-run/node";
import type { FormNotice } from "~/lib/notice";

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly notice: FormNotice,
    readonly headers?: HeadersInit,
  ) {
    super(`${status} ${notice.key}`);
    this.name = "Refusal";
  }
}

export const badRequest = (key = "errors.badRequest") => new Refusal(400, { key });

/**
 * A body no person's browser sends: a tripped honeypot, a NUL, a field name or intent stepping
 * into `__proto__`, an unreadable body (readForm). Answered as the page's error (400), not as the
 * form's notice: an action's returned answer is followed, on a document request, by the page's
 * loaders, and a loader that sends its visitor elsewhere (/login for someone signed in) replaced
 * the 400 with its redirect, so a forged sign-in answered 302. A thrown answer stops the loaders at
 * the route's error boundary, whatever the page.
 */
export class ForgedForm extends Refusal {
  constructor() {
    super(400, { key: "errors.badRequest" });
    this.name = "ForgedForm";
  }
}

/** What a form shows for a refusal: no field errors, one notice above the form. */
export function refusalData(refusal: Refusal) {
  return data({ result: null, notice: refusal.notice }, { status: refusal.status, headers: refusal.headers });
}
