/** `GET /api/v1/discount-codes/:id` (issue 38): one code with its targets and state. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { getDiscountCode } from "~/http/api-endpoints.server";

export const loader = getDiscountCode;
export const action = apiMethodNotAllowed("GET");
