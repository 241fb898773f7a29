import { redirect } from "@remix-run/node";
import { resourceRoute, siteLoader, siteResourceAction } from "~/http/handlers.server";
import { redirectWithToast } from "~/lib/toast.server";
import { destroySession, destroyStaffSession } from "~/http/sessions.server";

/** Logging out changes state, so only POST does it; a GET just goes home. */
export const loader = resourceRoute(siteLoader(() => redirect("/")));

export const action = siteResourceAction(async ({ request, context }) => {
  const cookie =
    context.tenant.kind === "store"
      ? await destroySession(context.tenant.store.id, request)
      : await destroyStaffSession(request);
  return redirectWithToast("/", { key: "toast.logoutSuccess" }, { headers: { "Set-Cookie": cookie } });
});
