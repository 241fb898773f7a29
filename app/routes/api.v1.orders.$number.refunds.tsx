/** `GET /api/v1/orders/:number/refunds` (list, what is left) and `POST` (a partial refund) (issue 38). */
import { createOrderRefund, listRefunds } from "~/http/api-endpoints.server";

export const loader = listRefunds;
export const action = createOrderRefund;
