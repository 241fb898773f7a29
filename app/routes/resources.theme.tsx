import { redirect } from "@remix-run/node";
import { resourceRoute, siteLoader, siteResourceAction } from "~/http/handlers.server";
import { safeRedirectPath } from "~/lib/redirect";
import { isTheme } from "~/lib/theme";
import { themeCookie } from "~/lib/theme.server";

/** POST theme=light|dark&redirectTo=/path: remembers the theme and goes back (same origin only). */
export const action = siteResourceAction(async ({ form }) => {
  const theme = form.get("theme");
  const to = safeRedirectPath(form.get("redirectTo"));
  if (!isTheme(theme)) return redirect(to, 303);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await themeCookie.serialize(theme) } });
});

/** Someone opened the form's URL directly: nothing to show here. */
export const loader = resourceRoute(siteLoader(() => redirect("/")));
