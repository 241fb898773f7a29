/** Any other path under /api/v1 (issue 38): a JSON 404, as the API's other errors. */
import { apiNotFound } from "~/http/api.server";

export const loader = apiNotFound();
export const action = apiNotFound();
