/** `GET /api/v1/inventory` (issue 38): every variant's stock, for a warehouse to mirror. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { listInventoryLevels } from "~/http/api-endpoints.server";

export const loader = listInventoryLevels;
export const action = apiMethodNotAllowed("GET");
