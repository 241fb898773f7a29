import { resourceRoute, storeLoader } from "~/http/handlers.server";
import {
  CONTENT_TYPES,
  getImageVariant,
  IMAGE_ENCODE_LIMIT,
  parseVariantRequest,
} from "~/services/media/image-variants.server";
import { hitRateLimit } from "~/services/security/rate-limit.server";

/** `/resources/image?url=/images/{id}&w=…&q=…`: only this store's own images, never another host. */
export const loader = resourceRoute(
  storeLoader(async ({ request, context, store }) => {
    const wanted = parseVariantRequest(new URL(request.url).searchParams);
    if (!wanted) {
      return new Response(
        "Bad image parameters: url must be /images/{id}, w one of the allowed widths, q 30 to 90",
        {
          status: 400,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        },
      );
    }
    const variant = await getImageVariant(store.id, wanted, request.headers.get("Accept"), {
      // Only a miss costs an encode, so only misses count against the client (decision 009).
      mayEncode: () => hitRateLimit(`image-encode:${context.clientAddress}`, IMAGE_ENCODE_LIMIT),
    });
    if (variant && "refused" in variant)
      return new Response("Too many new image sizes requested; try again shortly", {
        status: 429,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": String(variant.retryAfterSeconds),
          "Cache-Control": "no-store",
        },
      });
    if (!variant)
      return new Response("Image not found", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    const headers = {
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: variant.etag,
      Vary: "Accept",
    };
    if (request.headers.get("If-None-Match") === variant.etag)
      return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(variant.bytes), {
      headers: {
        ...headers,
        "Content-Type": CONTENT_TYPES[variant.format],
        "Content-Length": String(variant.bytes.byteLength),
      },
    });
  }),
);
