/**
 * The action of an admin settings page whose form is one zod schema saved by one service call:
 * field errors → 400 with conform's reply (nothing saved); saved → back to the page with SPEC's
 * 'update successfully' toast. Pages with uploads or several forms write their own action.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { redirectWithToast } from "~/lib/toast.server";
import { adminAction } from "./handlers.server";

export function settingsFormAction<Schema extends z.ZodTypeAny>(
  schema: Schema,
  save: (storeId: string, value: z.output<Schema>) => Promise<unknown>,
  path: string,
) {
  return adminAction(async ({ store, form }) => {
    const submission = parseWithZod(form, { schema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    await save(store.id, submission.value);
    return redirectWithToast(path, { key: "toast.updateSuccess" });
  });
}
