/** `GET /api/v1/categories` (issue 38): the store's categories and sub categories. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { listCategories } from "~/http/api-endpoints.server";

export const loader = listCategories;
export const action = apiMethodNotAllowed("GET");
