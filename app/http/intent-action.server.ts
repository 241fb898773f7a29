/**
 * The action of a page whose forms say what they do in an `intent` field (a row's hide/publish
 * buttons, a settings page's save and remove): one entry per intent, each a zod schema and the
 * handler that gets the parsed value. Nothing is left to hand-written dispatch:
 *
 *   export const action = intentAction({
 *     hide: [reviewStateSchema, (value, { store }) => setState(store, value)],
 *     reply: [reviewReplySchema, saveReply, { messageFields: ["reply"] }],
 *     profile: [SCHEMA_FORM, (_, args) => submitSchemaForm(args, { schema: profileSchema, … })],
 *   });
 *
 * A missing intent (unless `whenNoIntent` names the entry a form without one runs) or one the page
 * does not have → 400 and nothing changed; a form the schema refuses → 400 and the handler is never
 * called. The message is 'errors.badRequest' (a forged or stale button: a person cannot type it
 * wrong), except a problem in one of `messageFields` (what a person types), which answers with the
 * schema's own message for it (a locale key).
 *
 * An intent whose form is nothing but the intent (a "remove" button) has the schema `INTENT_ONLY`;
 * one whose handler parses a conform form with `submitSchemaForm` (field errors under the fields,
 * not a notice) has `SCHEMA_FORM`.
 *
 * `parsedAction` is the same parse step for an action with one form (a row's buttons that all
 * post the same fields). A storefront page's action runs the same entries under its own guard:
 * `shopperAction((args) => dispatchIntent(args, { confirm: [INTENT_ONLY, …], … }))`.
 */
import { z } from "zod";
import type { RouteGuard } from "~/lib/permissions";
import { adminAction, adminFormAction, type AdminArgs, type WithForm } from "./handlers.server";
import type { FormOptions } from "./form.server";
import { badRequest, Refusal } from "./refusal.server";

export interface IntentParseOptions {
  /** Fields a person fills in: a problem with one answers with the schema's message for it. */
  messageFields?: readonly string[];
  /** Fields a form sends several times (a list's checkboxes): the schema gets each as an array. */
  listFields?: readonly string[];
}

type IntentHandler<Args, Schema extends z.ZodTypeAny> = (value: z.output<Schema>, args: Args) => unknown;

/** One intent: its schema, its handler and how a refused form is told. */
export type IntentEntry<Args, Schema extends z.ZodTypeAny = z.ZodTypeAny> = readonly [
  Schema,
  IntentHandler<Args, Schema>,
  IntentParseOptions?,
];

/** The schema of an intent whose form is nothing but the intent. */
export const INTENT_ONLY = z.object({});
/** The schema of an intent whose handler parses a conform form itself (`submitSchemaForm`). */
export const SCHEMA_FORM = z.object({});

type EntryResult<Entry> = Entry extends readonly [
  z.ZodTypeAny,
  (...args: never[]) => infer Result,
  ...unknown[],
]
  ? Awaited<Result>
  : never;

/** What the action answers: any of its handlers' results. */
export type IntentResult<Entries> = { [Name in keyof Entries]: EntryResult<Entries[Name]> }[keyof Entries];

/**
 * `Schemas` is inferred from each entry's first element, so every handler's `value` is typed by
 * its own schema; `Entries` keeps each handler's result for the action's answer type.
 */
type IntentEntries<Args, Schemas extends Record<string, z.ZodTypeAny>> = {
  [Name in keyof Schemas]: IntentEntry<Args, Schemas[Name]>;
};

/** The form parsed by `schema`, or a 400 Refusal (see the file's comment for its message). */
export function parseFormOrRefuse<Schema extends z.ZodTypeAny>(
  form: FormData,
  schema: Schema,
  options: IntentParseOptions = {},
): z.output<Schema> {
  const values: Record<string, unknown> = Object.fromEntries(form);
  for (const name of options.listFields ?? []) values[name] = form.getAll(name);
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data as z.output<Schema>;
  const fields = options.messageFields ?? [];
  const problem = parsed.error.issues.find((issue) => fields.includes(String(issue.path[0])));
  throw problem ? new Refusal(400, { key: problem.message }) : badRequest();
}

/** Runs the entry named by the form's `intent` (see the file's comment). */
export async function dispatchIntent<
  Args extends WithForm,
  Schemas extends Record<string, z.ZodTypeAny>,
  Entries extends IntentEntries<Args, Schemas>,
>(
  args: Args,
  entries: Entries & IntentEntries<Args, Schemas>,
  whenNoIntent?: keyof Schemas & string,
): Promise<IntentResult<Entries>> {
  const intent = args.form.get("intent") ?? whenNoIntent ?? null;
  if (typeof intent !== "string" || !Object.hasOwn(entries, intent)) throw badRequest();
  const entry = entries[intent] as IntentEntry<Args> | undefined;
  if (!entry) throw badRequest();
  const [schema, handler, options] = entry;
  const value: unknown = parseFormOrRefuse(args.form, schema, options);
  return (await handler(value, args)) as IntentResult<Entries>;
}

/**
 * An admin page's whole action: the permission of each intent (or one for all), then its intents
 * (see the file's comment). A missing or unknown intent → 400 before any permission is looked up;
 * an intent the person's role does not include → 403, nothing changed.
 */
export function intentAction<
  Schemas extends Record<string, z.ZodTypeAny>,
  Entries extends IntentEntries<AdminArgs & WithForm, Schemas>,
>(
  guards: RouteGuard | { readonly [Name in keyof Schemas]: RouteGuard },
  entries: Entries & IntentEntries<AdminArgs & WithForm, Schemas>,
  options?: FormOptions & {
    /** The entry a form without an `intent` field runs (a page's main form that never sent one). */
    whenNoIntent?: keyof Schemas & string;
  },
) {
  // null: the form has no `intent` field, so `whenNoIntent` names the entry (if any).
  const guardOfIntent = (sent: string | null): RouteGuard | null => {
    const intent = sent ?? options?.whenNoIntent;
    if (intent === undefined || !Object.hasOwn(entries, intent)) return null;
    if (typeof guards === "string") return guards;
    return Object.hasOwn(guards, intent) ? (guards as Record<string, RouteGuard>)[intent]! : null;
  };
  return adminFormAction(
    (form) => {
      const intent = form.get("intent");
      return intent === null || typeof intent === "string" ? guardOfIntent(intent) : null;
    },
    (args): Promise<IntentResult<Entries>> =>
      dispatchIntent<AdminArgs & WithForm, Schemas, Entries>(args, entries, options?.whenNoIntent),
    { ...options, guardOfIntent },
  );
}

/** An admin page's action with one form: parsed by `schema`, then `handler` (see the file's comment). */
export function parsedAction<Schema extends z.ZodTypeAny, Result>(
  guard: RouteGuard,
  schema: Schema,
  handler: (value: z.output<Schema>, args: AdminArgs & WithForm) => Result | Promise<Result>,
  options?: IntentParseOptions,
) {
  return adminAction(guard, (args) => handler(parseFormOrRefuse(args.form, schema, options), args));
}
