/** `GET /api/v1/customers/export` (issue 38): every customer, 500 a page; `customers.export`. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { exportCustomers } from "~/http/api-endpoints.server";

export const loader = exportCustomers;
export const action = apiMethodNotAllowed("GET");
