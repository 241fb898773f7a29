import { redirect } from "@remix-run/node";
import { adminLoader, resourceRoute } from "~/http/handlers.server";

/** SPEC §2's earlier navigation variant: this address moved for good (its page is Settings). */
export const loader = resourceRoute(adminLoader("settings.edit", () => redirect("/admin/settings", 301)));
