/**
 * The action of a form that is one zod schema saved by one service call (DESIGN §1, "one zod
 * schema per form"): parsed with conform; field errors → 400 with conform's reply and nothing
 * saved; saved → a redirect with a toast (by default back to the same page with SPEC's 'update
 * successfully'). A service result the page refuses is either a Refusal (a 4xx notice above the
 * form) or a field error (the form again, the message under that field, its own status).
 *
 *   export const action = schemaFormAction({
 *     schema: categorySchema,
 *     save: (value, { store }) => saveCategory(store.id, value),
 *     refuse: (result) => (result.ok ? null : { field: "slug", message: "…", status: 409 }),
 *     success: { path: "/admin/categories", toast: { key: "admin.categories.created" } },
 *   });
 *
 * `submitSchemaForm` is the same step for an action that first branches on an intent.
 */
import type { RouteGuard } from "~/lib/permissions";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import type { NewImage } from "~/services/media/images.server";
import { adminAction, type ShopperArgs, type WithForm } from "./handlers.server";
import { readPostedImage } from "./posted-images.server";
import { Refusal } from "./refusal.server";

/** A saved result the page turns down without a notice: the form again, with this status. */
export interface FormAnswer<Extra> {
  status: number;
  /** Messages under fields (locale keys), as conform shows them. */
  fieldErrors?: Record<string, string[]>;
  /** What the answer carries besides the reply (e.g. an upload's error). */
  data?: Partial<Extra>;
}

/** Shorthand for the common case: one message under one field. */
export interface FieldRefusal {
  field: string;
  message: string;
  status?: number;
}

type Refused<Extra> = Refusal | FormAnswer<Extra> | FieldRefusal | null | undefined | false;

export interface SchemaFormOptions<Args extends WithForm, Schema extends z.ZodTypeAny, Result, Extra> {
  /** The form's schema, or one made for the request (a store's currency and time zone). */
  schema: Schema | ((args: Args) => Schema);
  /**
   * Saves the parsed value; `image` is the file posted in the `image` option's field (checked as
   * PNG/JPG ≤ 5 MB), undefined when none was posted.
   */
  save: (value: z.output<Schema>, args: Args, image: NewImage | undefined) => Promise<Result>;
  /**
   * A multipart form's image field: a bad file answers with `imageError` (the field's message)
   * and its status (400/413/415), nothing saved. The page's `extra` should carry
   * `imageError: null` so every answer has the same shape.
   */
  image?: string;
  /** A result that is not a success: how the page answers it (null: saved). */
  refuse?: (result: Result, args: Args) => Refused<Extra>;
  /** Where a saved form goes and its toast; default: the same page, 'update successfully'. */
  success?: {
    path?: string | ((args: Args & { request: Request }, result: Result) => string);
    toast?: ToastInput | ((result: Result, args: Args) => ToastInput);
  };
  /** Fields the reply leaves out (files: a browser cannot refill a file input anyway). */
  hideFields?: string[];
  /** What every refused answer carries besides the reply (e.g. the rows the form showed). */
  extra?: (args: Args) => Extra | Promise<Extra>;
}

const UPDATED: ToastInput = { key: "toast.updateSuccess" };

function isZodSchema(value: unknown): value is z.ZodTypeAny {
  return typeof (value as { safeParse?: unknown }).safeParse === "function";
}

/** Parse, save, answer: the body of a schema form's action (see the file's comment). */
export async function submitSchemaForm<
  Args extends WithForm & { request: Request },
  Schema extends z.ZodTypeAny,
  Result,
  Extra extends Record<string, unknown> = Record<never, never>,
>(args: Args, options: SchemaFormOptions<Args, Schema, Result, Extra>) {
  const schema = isZodSchema(options.schema) ? options.schema : options.schema(args);
  const submission = parseWithZod(args.form, { schema });
  const hideFields = options.hideFields;
  const extra = async () => ((await options.extra?.(args)) ?? {}) as Extra;
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), ...(await extra()) }, { status: 400 });
  }
  let image: NewImage | undefined;
  if (options.image) {
    const user = (args as { user?: { id: string } }).user;
    if (!user) throw new Error("schema form: an image field needs a signed-in user");
    const posted = await readPostedImage(user.id, args.form, options.image);
    if (!posted.ok) {
      return data(
        { result: submission.reply({ hideFields }), ...(await extra()), imageError: posted.error },
        { status: posted.status },
      );
    }
    image = posted.image;
  }
  const result = await options.save(submission.value as z.output<Schema>, args, image);
  const refused = options.refuse?.(result, args);
  if (refused instanceof Refusal) throw refused;
  if (refused) {
    const answer: FormAnswer<Extra> =
      "field" in refused
        ? { status: refused.status ?? 400, fieldErrors: { [refused.field]: [refused.message] } }
        : refused;
    const fieldErrors = answer.fieldErrors;
    const reply = submission.reply(fieldErrors ? { hideFields, fieldErrors } : { hideFields });
    return data({ result: reply, ...(await extra()), ...answer.data }, { status: answer.status });
  }
  const { path, toast } = options.success ?? {};
  const to = typeof path === "function" ? path(args, result) : (path ?? new URL(args.request.url).pathname);
  return redirectWithToast(to, typeof toast === "function" ? toast(result, args) : (toast ?? UPDATED));
}

/** An admin page's whole action: one schema form (see submitSchemaForm). */
export function schemaFormAction<
  Schema extends z.ZodTypeAny,
  Result,
  Extra extends Record<string, unknown> = Record<never, never>,
>(guard: RouteGuard, options: SchemaFormOptions<ShopperArgs & WithForm, Schema, Result, Extra>) {
  return adminAction(guard, (args) => submitSchemaForm(args, options));
}
