/** `GET /api/v1/orders` (issue 38): the store's orders, newest first, by status and payment, with cursors. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { listOrders } from "~/http/api-endpoints.server";

export const loader = listOrders;
export const action = apiMethodNotAllowed("GET");
