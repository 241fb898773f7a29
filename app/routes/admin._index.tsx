import { redirect } from "@remix-run/node";
import { adminLoader, resourceRoute } from "~/http/handlers.server";
import { ANY_STAFF } from "~/lib/permissions";

/** Declared with adminLoader like every admin child: Remix runs it without the layout's check. */
export const loader = resourceRoute(adminLoader(ANY_STAFF, () => redirect("/admin/dashboard")));
