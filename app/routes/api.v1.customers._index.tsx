/** `GET /api/v1/customers` (issue 38): the store's customers, with their orders and spend. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { listCustomers } from "~/http/api-endpoints.server";

export const loader = listCustomers;
export const action = apiMethodNotAllowed("GET");
