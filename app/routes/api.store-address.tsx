/**
 * `GET /api/store-address?slug=` on the platform host: whether a new store could take that
 * address, for the sign-up form's live check. `{ slug, available, reason? }`, never cached.
 */
import { platformLoader, resourceRoute } from "~/http/handlers.server";
import { checkStoreAddress } from "~/services/platform/store-signup.server";

export const loader = resourceRoute(
  platformLoader(async ({ request }) => {
    const slug = (new URL(request.url).searchParams.get("slug") ?? "").trim().toLowerCase().slice(0, 100);
    const check = await checkStoreAddress(slug);
    return Response.json(
      { slug, ...check },
      { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
    );
  }),
);
