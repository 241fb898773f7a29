/** `GET /api/v1/products` (issue 38): the store's products, newest first, with filters and cursors. */
import { createProduct, listProducts } from "~/http/api-endpoints.server";

export const loader = listProducts;
export const action = createProduct;
