/**
 * Who is asking (DESIGN §5): identity always comes from the server session. One place for the
 * guards every route uses: getOptionalUser, requireUser, requireAdmin.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { safeRedirectPath } from "~/lib/redirect";
import { signInWithPassword, type SignInResult } from "~/services/identity/accounts.server";
import { getSessionUser, type SessionUser } from "~/services/identity/sessions.server";
import { requireStore } from "~/services/store/tenancy.server";

/**
 * Checks the email and password posted in `request` against this store's accounts. The
 * authenticator is per call because the store comes from the request's host, not the form.
 */
export function authenticateWithPassword(storeId: string, request: Request): Promise<SignInResult> {
  const authenticator = new Authenticator<SignInResult>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "");
      const password = String(form.get("password") ?? "");
      return signInWithPassword(storeId, email, password);
    }),
    "password",
  );
  return authenticator.authenticate("password", request);
}

const sessionByRequest = new WeakMap<Request, Promise<{ user: SessionUser; sessionHash: string } | null>>();

/** The signed-in user's session on this store, looked up once per request. */
export function getOptionalSession(request: Request, context: AppLoadContext) {
  if (context.tenant.kind !== "store") return Promise.resolve(null);
  let pending = sessionByRequest.get(request);
  if (!pending) {
    pending = getSessionUser(context.tenant.store.id, request);
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

/** The path (with query) to come back to after signing in. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return safeRedirectPath(`${url.pathname}${url.search}`, "/");
}

export function loginRedirect(request: Request, redirectTo = currentPath(request)): Response {
  return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/** The signed-in user, or a redirect to this store's login that comes back here. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  requireStore(context);
  const user = await getOptionalUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** An admin of *this* store; anonymous → login, anyone else → 403. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.isAdmin) throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  return user;
}
