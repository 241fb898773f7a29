/** `GET /api/v1/orders/:number` (issue 38): one order with its lines and history. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { getOrder } from "~/http/api-endpoints.server";

export const loader = getOrder;
export const action = apiMethodNotAllowed("GET");
