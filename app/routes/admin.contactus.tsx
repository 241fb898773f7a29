import { redirect } from "@remix-run/node";
import { adminLoader, resourceRoute } from "~/http/handlers.server";

/** SPEC §2's earlier navigation variant: this address moved for good (its page is Contact requests). */
export const loader = resourceRoute(
  adminLoader("contact.manage", () => redirect("/admin/contact-requests", 301)),
);
