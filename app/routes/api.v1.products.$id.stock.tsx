/** `POST /api/v1/products/:id/stock` (issue 38): adjust one variant's stock by a delta. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { adjustStock } from "~/http/api-endpoints.server";

export const loader = apiMethodNotAllowed("POST");
export const action = adjustStock;
