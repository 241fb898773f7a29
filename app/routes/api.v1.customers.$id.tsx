/** `GET /api/v1/customers/:id` (issue 38): one customer. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { getCustomer } from "~/http/api-endpoints.server";

export const loader = getCustomer;
export const action = apiMethodNotAllowed("GET");
