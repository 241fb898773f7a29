/** `POST /api/v1/orders/:number/{confirm|ship|deliver|cancel}` (issue 38): the admin's order steps. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { orderStep } from "~/http/api-endpoints.server";

export const loader = apiMethodNotAllowed("POST");
export const action = orderStep;
