import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { redirectWithToast } from "~/lib/toast.server";
import { destroyStaffSession } from "~/services/identity/platform-auth.server";
import { destroySession } from "~/services/identity/sessions.server";

/** Logging out changes state, so only POST does it; a GET just goes home. */
export const loader = () => redirect("/");

export async function action({ request, context }: ActionFunctionArgs) {
  const cookie =
    context.tenant.kind === "store"
      ? await destroySession(context.tenant.store.id, request)
      : await destroyStaffSession(request);
  return redirectWithToast("/", { key: "toast.logoutSuccess" }, { headers: { "Set-Cookie": cookie } });
}
