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

/** What a form shows for a refusal: no field errors, one notice above the form. */
export function refusalData(refusal: Refusal) {
  return data({ result: null, notice: refusal.notice }, { status: refusal.status, headers: refusal.headers });
}
