/** Stripe list objects with limit / starting_after / ending_before. */
import { invalid, optionalInteger, optionalString } from "./errors";
import type { Params } from "./form";
import type { StripeObject } from "./state";
import type { ListObject } from "./world";

export function listOf(url: string, items: StripeObject[], params: Params): ListObject {
  const limit = optionalInteger(params, "limit") ?? 10;
  if (limit < 1 || limit > 100)
    throw invalid("limit", "This value must be between 1 and 100.", "parameter_invalid_integer");
  let start = 0;
  const after = optionalString(params, "starting_after");
  const before = optionalString(params, "ending_before");
  if (after) start = items.findIndex((item) => item.id === after) + 1;
  let end = items.length;
  if (before) {
    end = Math.max(
      0,
      items.findIndex((item) => item.id === before),
    );
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return { object: "list", data, has_more: start + data.length < end, url };
}
