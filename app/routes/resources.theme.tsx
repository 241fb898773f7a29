import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/redirect";
import { isTheme } from "~/lib/theme";
import { themeCookie } from "~/lib/theme.server";

/** POST theme=light|dark&redirectTo=/path: remembers the theme and goes back (same origin only). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  const to = safeRedirectPath(form.get("redirectTo"));
  if (!isTheme(theme)) return redirect(to, 303);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await themeCookie.serialize(theme) } });
}

/** Someone opened the form's URL directly: nothing to show here. */
export function loader() {
  return redirect("/");
}
