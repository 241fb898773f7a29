/** `GET /api/v1/events?after=<cursor>&limit=` (issue 38, decision 047): the store's events feed. */
import { apiMethodNotAllowed } from "~/http/api.server";
import { listEventsFeed } from "~/http/api-endpoints.server";

export const loader = listEventsFeed;
export const action = apiMethodNotAllowed("GET");
