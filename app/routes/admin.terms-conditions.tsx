import { redirect } from "@remix-run/node";
import { adminLoader, resourceRoute } from "~/http/handlers.server";

/** SPEC §2's earlier navigation variant: this address moved for good (the terms are edited with privacy). */
export const loader = resourceRoute(
  adminLoader("settings.edit", () => redirect("/admin/storesetting/terms&privacy", 301)),
);
