/** `GET /api/v1/products` (issue 38): the store's products, newest first, with filters and cursors. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { listProducts } from "~/http/api-endpoints.server";

export const loader = listProducts;
export const action = apiMethodNotAllowed("GET");
