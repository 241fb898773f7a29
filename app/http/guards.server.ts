/**
 * Who may ask (DESIGN §5): the tenant kind a route serves and the signed-in person it needs. The
 * handler wrappers (handlers.server.ts) call these; a route declares its guard by the wrapper it
 * uses, never by remembering a call.
 */
import type { AppLoadContext } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { getSessionUser, getStaff } from "~/http/sessions.server";
import type { SessionUser, StaffUser } from "~/services/identity/sessions.server";
import { allows, type Permission, type RouteGuard } from "~/lib/permissions";
import { readPermissions } from "~/services/staff/permissions.server";
import { Refusal } from "./refusal.server";
import type { Viewer } from "~/services/identity/viewer.server";
import type { TenantStore } from "~/services/store/tenancy.server";

export const notFound = (text = "Not found") => new Response(text, { status: 404, statusText: "Not Found" });
export const forbidden = () => new Response("Forbidden", { status: 403, statusText: "Forbidden" });

/** The store this request is for; a 404 anywhere else (platform or unknown host). */
export function requireStore(context: AppLoadContext): TenantStore {
  if (context.tenant.kind !== "store") throw notFound("Store not found");
  return context.tenant.store;
}

/** Platform-host routes answer 404 on a store's host. */
export function requirePlatform(context: AppLoadContext): void {
  if (context.tenant.kind !== "platform") throw notFound();
}

/** The path (with query) of this request, to come back to after signing in. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return safeRedirectPath(`${url.pathname}${url.search}`, "/");
}

/**
 * The one way to send someone to sign in: this host's /login with the 'Login First' toast,
 * coming back to `back` (a same-origin path with its query) afterwards.
 */
export function loginRedirect(back: string): Promise<Response> {
  return redirectWithToast(`/login?${new URLSearchParams({ redirectTo: safeRedirectPath(back, "/") })}`, {
    key: "toast.loginFirst",
    type: "info",
  });
}

const sessionByRequest = new WeakMap<Request, Promise<Viewer | null>>();

/**
 * The signed-in user's session on this store (with the header's cart count), looked up once per
 * request. Remix hands each loader its own copy of the Request, so a GET's loaders (root, layout,
 * page) share the lookup through the request's `context.shared`. A POST's action may sign in or
 * out, or change the cart, before its loaders run: there each Request reads for itself.
 */
export function getOptionalSession(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  if (context.tenant.kind !== "store") return Promise.resolve(null);
  // A page shared by every signed-in viewer must not show anyone's own data (decision 031): the
  // page cache then renders this page in full for the viewer instead.
  if (context.pageTemplate) throw new Error("a page template read the session (decision 031)");
  const storeId = context.tenant.store.id;
  const shared = request.method === "GET" || request.method === "HEAD" ? context.shared : undefined;
  if (shared) return (shared.session ??= getSessionUser(storeId, request));
  let pending = sessionByRequest.get(request);
  if (!pending) {
    pending = getSessionUser(storeId, request);
    sessionByRequest.set(request, pending);
  }
  return pending;
}

export async function getOptionalUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser | null> {
  return (await getOptionalSession(request, context))?.user ?? null;
}

/** The signed-in shopper (or admin) of this store; anonymous → login, coming back to `back`. */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  back = currentPath(request),
): Promise<SessionUser> {
  requireStore(context);
  const user = await getOptionalUser(request, context);
  if (!user) throw await loginRedirect(back);
  return user;
}

/** An admin of *this* store; anonymous → login, anyone else → 403. */
export async function requireAdmin(
  request: Request,
  context: AppLoadContext,
  back = currentPath(request),
): Promise<SessionUser> {
  const user = await requireUser(request, context, back);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/**
 * The permissions of this request's admin, read from the database once per request (the user
 * object is the request's own: a GET's loaders share it, each POST reads its own), never longer.
 */
const permissionsByUser = new WeakMap<SessionUser, Promise<Permission[]>>();

export function permissionsFor(context: AppLoadContext, user: SessionUser): Promise<Permission[]> {
  const store = requireStore(context);
  let pending = permissionsByUser.get(user);
  if (!pending) {
    pending = readPermissions(store.id, user.id);
    permissionsByUser.set(user, pending);
  }
  return pending;
}

/** The refusal of a page or an action the person's role does not include (decision 041). */
export const notAllowed = () => new Refusal(403, { key: "staffRoles.forbidden" });

/** Throws a 403 Refusal unless the admin's role includes `guard`; returns what they hold. */
export async function requirePermission(
  context: AppLoadContext,
  user: SessionUser,
  guard: RouteGuard,
): Promise<Permission[]> {
  const held = await permissionsFor(context, user);
  if (!allows(held, guard)) throw notAllowed();
  return held;
}

/** Platform staff on the platform host; anyone else → the platform's login. */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  back = currentPath(request),
): Promise<StaffUser> {
  requirePlatform(context);
  const staff = await getStaff(request);
  if (!staff) throw await loginRedirect(back);
  return staff;
}
