/** `GET /api/v1/products/:id` (with its variants and tax class) and `POST` to update it (issue 38). */
import { getProduct, updateProduct } from "~/http/api-endpoints.server";

export const loader = getProduct;
export const action = updateProduct;
