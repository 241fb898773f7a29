/**
 * Route handlers guarded by construction. A route declares who may call it by the wrapper it
 * uses; the wrapper resolves the tenant, the person and (for actions) the form before the route's
 * own code runs, so a child route can never forget its layout's check (Remix runs child loaders
 * and actions without the parent's).
 *
 *   export const loader = adminLoader(async ({ store, user, locale }) => …);
 *   export const action = shopperAction(async ({ store, user, form }) => …, { rateLimit: … });
 *
 * A Refusal thrown below a wrapper becomes a 4xx with its message: in an action, the data every
 * form shows (`{ result: null, notice }`); in a loader, a thrown response of that status.
 */
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { Locale } from "~/lib/i18n";
import { getServerT } from "~/lib/i18n.server";
import type { FormNotice } from "~/lib/notice";
import { safeRedirectPath } from "~/lib/redirect";
import { withAuditActor } from "~/services/audit/audit.server";
import type { StaffUser } from "~/services/identity/platform-auth.server";
import type { SessionUser } from "~/services/identity/sessions.server";
import type { TenantStore } from "~/services/store/tenancy.server";
import { readForm, type FormOptions } from "./form.server";
import { enforceStoreGate } from "./gate.server";
import { ANY_STAFF, type Permission, type RouteGuard } from "~/lib/permissions";
import {
  currentPath,
  requireAdmin,
  requirePermission,
  requirePlatform,
  requireStaff,
  requireStore,
  requireUser,
} from "./guards.server";
import { badRequest, ForgedForm, Refusal, refusalData } from "./refusal.server";

type Params = LoaderFunctionArgs["params"];

export interface RequestArgs {
  request: Request;
  context: AppLoadContext;
  params: Params;
  locale: Locale;
}
export interface StoreArgs extends RequestArgs {
  store: TenantStore;
}
export interface ShopperArgs extends StoreArgs {
  user: SessionUser;
}
/** An admin's handler also gets what their role holds (the menu, the no-escalation rules). */
export interface AdminArgs extends ShopperArgs {
  permissions: readonly Permission[];
}
export interface StaffArgs extends RequestArgs {
  staff: StaffUser;
}
export interface WithForm {
  form: FormData;
}

type Handler<A, T> = (args: A) => T | Promise<T>;

function baseArgs({ request, context, params }: LoaderFunctionArgs): RequestArgs {
  return { request, context, params, locale: context.locale };
}

/**
 * Loaders: a Refusal becomes a thrown response with its status and message. A closed store's
 * gate (gate.server.ts) is checked first, before anything is read.
 */
async function guardLoader<T>({ request, context }: LoaderFunctionArgs, run: () => Promise<T>): Promise<T> {
  try {
    enforceStoreGate(request, context);
    return await run();
  } catch (error) {
    if (error instanceof Refusal) {
      throw data({ notice: error.notice }, { status: error.status, headers: error.headers });
    }
    throw error;
  }
}

/**
 * Actions: a Refusal becomes the form's notice, with its status; a forged form (ForgedForm) the
 * page's error, so no loader of the page answers instead; a closed store changes nothing.
 */
async function guardAction<T>({ request, context }: ActionFunctionArgs, run: () => Promise<T>) {
  try {
    enforceStoreGate(request, context);
    return await run();
  } catch (error) {
    if (error instanceof ForgedForm)
      throw data({ notice: error.notice }, { status: error.status, headers: error.headers });
    if (error instanceof Refusal) return refusalData(error);
    throw error;
  }
}

/**
 * Where an anonymous POST comes back to after signing in: the page it was sent from, as the form
 * says in `redirectTo` (e.g. "Add to cart" on a product page), else the action's own path.
 */
async function backFromForm(request: Request): Promise<string> {
  try {
    const form = await request.clone().formData();
    return safeRedirectPath(form.get("redirectTo"), currentPath(request));
  } catch {
    return currentPath(request);
  }
}

// ── Any host (pages the platform and every store share: /, /login, /logout, the sitemap) ──

export function siteLoader<T>(fn: Handler<RequestArgs, T>) {
  return (args: LoaderFunctionArgs) => guardLoader(args, async () => fn(baseArgs(args)));
}

export function siteAction<T>(fn: Handler<RequestArgs & WithForm, T>, options?: FormOptions) {
  return (args: ActionFunctionArgs) =>
    guardAction(args, async () =>
      fn({ ...baseArgs(args), form: await readForm(args.request, args.context, options) }),
    );
}

/**
 * An action of a resource route (no page: the theme switch, sign-out). Remix hands what a
 * resource route returns to the client as is, so `data()`'s status would be lost (a refused JSON
 * body answered 200): a Refusal becomes a real response with its status here.
 */
export function siteResourceAction(fn: Handler<RequestArgs & WithForm, Response>, options?: FormOptions) {
  return async (args: ActionFunctionArgs): Promise<Response> => {
    try {
      enforceStoreGate(args.request, args.context);
      return await fn({ ...baseArgs(args), form: await readForm(args.request, args.context, options) });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const headers = new Headers(error.headers);
      headers.set("Cache-Control", "no-store");
      return Response.json({ notice: error.notice }, { status: error.status, headers });
    }
  };
}

/**
 * A resource route's loader or action (a route with no page: a download, an image, robots.txt, a
 * redirect): `export const loader = resourceRoute(adminLoader(async (…) => new Response(…)))`.
 * Remix hands a resource route's thrown `data()` on as `{"message":"Unexpected Server Error"}`
 * with the refusal's status, the reason lost (issue 42 D10). Here a Refusal, thrown or turned into
 * thrown data by the wrapper inside, answers its status with its message as text in the reader's
 * language, and its headers (Retry-After). Every route without a page uses it
 * (tests/unit/resource-routes.test.ts).
 */
export function resourceRoute<A extends { request: Request; context: AppLoadContext }, T>(
  handler: ((args: A) => Promise<T> | T) & GuardedHandler,
) {
  const wrapped = async (args: A): Promise<T | Response> => {
    try {
      return await handler(args);
    } catch (thrown) {
      const refusal = refusalOf(thrown);
      if (!refusal) throw thrown;
      const headers = new Headers(refusal.headers);
      headers.set("Content-Type", "text/plain; charset=utf-8");
      if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
      const t = getServerT(args.context.locale);
      return new Response(String(t(refusal.notice.key, refusal.notice.params)), {
        status: refusal.status,
        headers,
      });
    }
  };
  // The admin guard stays readable through the wrapper (the route matrix runs each preset on it).
  return Object.assign(wrapped, { guard: handler.guard, guardOf: handler.guardOf });
}

/** A Refusal, or what a wrapper made of one: thrown `data({ notice }, { status })`. */
function refusalOf(thrown: unknown): { status: number; notice: FormNotice; headers?: HeadersInit } | null {
  if (thrown instanceof Refusal) return thrown;
  if (!thrown || typeof thrown !== "object") return null;
  const {
    type,
    data: payload,
    init,
  } = thrown as { type?: unknown; data?: unknown; init?: ResponseInit | null };
  if (type !== "DataWithResponseInit" || !payload || typeof payload !== "object") return null;
  const notice = (payload as { notice?: FormNotice }).notice;
  const status = init?.status ?? 200;
  if (!notice || typeof notice.key !== "string" || status < 400) return null;
  return { status, notice, headers: init?.headers };
}

// ── A store's host, anyone ──

export function storeLoader<T>(fn: Handler<StoreArgs, T>) {
  return (args: LoaderFunctionArgs) =>
    guardLoader(args, async () => fn({ ...baseArgs(args), store: requireStore(args.context) }));
}

export function storeAction<T>(fn: Handler<StoreArgs & WithForm, T>, options?: FormOptions) {
  return (args: ActionFunctionArgs) =>
    guardAction(args, async () => {
      const store = requireStore(args.context);
      const form = await readForm(args.request, args.context, options);
      return fn({ ...baseArgs(args), store, form });
    });
}

// ── A store's host, a signed-in shopper (admins are shoppers too) ──

export function shopperLoader<T>(fn: Handler<ShopperArgs, T>) {
  return (args: LoaderFunctionArgs) =>
    guardLoader(args, async () => {
      const store = requireStore(args.context);
      const user = await requireUser(args.request, args.context);
      return fn({ ...baseArgs(args), store, user });
    });
}

export function shopperAction<T>(fn: Handler<ShopperArgs & WithForm, T>, options?: FormOptions) {
  return (args: ActionFunctionArgs) =>
    guardAction(args, async () => {
      const store = requireStore(args.context);
      const user = await requireUser(args.request, args.context, await backFromForm(args.request));
      const form = await readForm(args.request, args.context, options);
      return fn({ ...baseArgs(args), store, user, form });
    });
}

// ── A store's host, an admin of this store ──

/**
 * The permission a wrapped admin loader or action declares, readable by the tests (the route
 * matrix runs every preset against it): `guard` for one, `guardOf(intent)` for an intent action
 * (`guardOf(null)`: a form without an `intent` field).
 */
export interface GuardedHandler {
  guard?: RouteGuard;
  guardOf?: (intent: string | null) => RouteGuard | null;
}

function declared<F extends object>(fn: F, meta: GuardedHandler): F & GuardedHandler {
  return Object.assign(fn, meta);
}

export { ANY_STAFF };

/** An admin action's writes are recorded in the activity log as this person's (decision 041). */
function asActor<T>(context: AppLoadContext, user: SessionUser, run: () => T | Promise<T>): Promise<T> {
  return withAuditActor(
    { id: user.id, name: user.name, email: user.email, ip: context.clientAddress || null },
    async () => run(),
  );
}

/**
 * A page of the admin area: `adminLoader("orders.view", …)`, or `adminLoader(ANY_STAFF, …)` for a
 * page every member of the team may open. Not staff → 403 (anonymous → sign in); staff whose role
 * lacks the permission → 403 with 'staffRoles.forbidden'.
 */
export function adminLoader<T>(guard: RouteGuard, fn: Handler<AdminArgs, T>) {
  return declared(
    (args: LoaderFunctionArgs) =>
      guardLoader(args, async () => {
        const store = requireStore(args.context);
        const user = await requireAdmin(args.request, args.context);
        const permissions = await requirePermission(args.context, user, guard);
        // A loader may record too (a download of customers' data, decision 046): as this person.
        return asActor(args.context, user, () => fn({ ...baseArgs(args), store, user, permissions }));
      }),
    { guard },
  );
}

/** An admin page's action; the permission is checked before the form is read, so a refusal changes nothing. */
export function adminAction<T>(
  guard: RouteGuard,
  fn: Handler<AdminArgs & WithForm, T>,
  options?: FormOptions,
) {
  return declared(
    (args: ActionFunctionArgs) =>
      guardAction(args, async () => {
        const store = requireStore(args.context);
        const user = await requireAdmin(args.request, args.context, await backFromForm(args.request));
        const permissions = await requirePermission(args.context, user, guard);
        const form = await readForm(args.request, args.context, options);
        return asActor(args.context, user, () => fn({ ...baseArgs(args), store, user, permissions, form }));
      }),
    { guard },
  );
}

/**
 * An admin action whose permission depends on the form (an intent action): `guardOf` names the
 * permission after the form is read; an unknown intent is refused by `dispatch` itself (400)
 * before any permission is looked up.
 */
export function adminFormAction<T>(
  guardOf: (form: FormData) => RouteGuard | null,
  fn: Handler<AdminArgs & WithForm, T>,
  options?: FormOptions & { guardOfIntent?: (intent: string | null) => RouteGuard | null },
) {
  return declared(
    (args: ActionFunctionArgs) =>
      guardAction(args, async () => {
        const store = requireStore(args.context);
        const user = await requireAdmin(args.request, args.context, await backFromForm(args.request));
        const form = await readForm(args.request, args.context, options);
        const guard = guardOf(form);
        if (guard === null) throw badRequest();
        const permissions = await requirePermission(args.context, user, guard);
        return asActor(args.context, user, () => fn({ ...baseArgs(args), store, user, permissions, form }));
      }),
    { guardOf: options?.guardOfIntent },
  );
}

// ── The platform host ──

export function platformLoader<T>(fn: Handler<RequestArgs, T>) {
  return (args: LoaderFunctionArgs) =>
    guardLoader(args, async () => {
      requirePlatform(args.context);
      return fn(baseArgs(args));
    });
}

export function staffLoader<T>(fn: Handler<StaffArgs, T>) {
  return (args: LoaderFunctionArgs) =>
    guardLoader(args, async () =>
      fn({ ...baseArgs(args), staff: await requireStaff(args.request, args.context) }),
    );
}

export function staffAction<T>(fn: Handler<StaffArgs & WithForm, T>, options?: FormOptions) {
  return (args: ActionFunctionArgs) =>
    guardAction(args, async () => {
      const staff = await requireStaff(args.request, args.context, await backFromForm(args.request));
      const form = await readForm(args.request, args.context, options);
      return fn({ ...baseArgs(args), staff, form });
    });
}
