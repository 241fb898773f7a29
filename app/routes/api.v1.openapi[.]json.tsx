/** `GET /api/v1/openapi.json` (issue 38): the Admin API's OpenAPI 3.1 document. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { serveOpenApi } from "~/http/api-endpoints.server";

export const loader = serveOpenApi;
export const action = apiMethodNotAllowed("GET");
