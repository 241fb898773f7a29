/** `GET /api/v1/discount-codes` (list) and `POST` (create) (issue 38). */
import { createDiscountCode, listDiscountCodes } from "~/http/api-endpoints.server";

export const loader = listDiscountCodes;
export const action = createDiscountCode;
