/**
 * Reading a form with list fields (ADR 012) through conform, for actions whose forms add, remove
 * or move rows with conform's list intents. A list intent that names something that is not a
 * list (`{"type":"remove","payload":{"name":"title"}}`, a forged button) makes conform throw:
 * that is a 400 here, never a 500. A list intent's answer is the form with the list changed and
 * no errors (rows just added are empty, not wrong); it saves nothing.
 */
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { badRequest } from "./refusal.server";

export function parseListForm<Schema extends z.ZodTypeAny>(form: FormData, schema: Schema) {
  try {
    return parseWithZod(form, { schema });
  } catch {
    throw badRequest();
  }
}

/** The answer to a list intent: the changed values, without the errors of rows not filled in yet. */
export function listIntentReply(
  submission: ReturnType<typeof parseListForm>,
  options: { hideFields?: string[] } = {},
) {
  const { error: _error, ...reply } = submission.reply(options);
  return reply;
}
