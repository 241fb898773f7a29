import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import type { FormNotice } from "~/lib/notice";
import { Button } from "../ui/Button";
import { Notice } from "../ui/Notice";

/**
 * Adds to or removes from the wishlist (POST /wishlist, intent=toggle). A plain form without
 * JavaScript; with it a fetcher, and the button shows the new state at once.
 */
export function WishlistToggle({
  productId,
  inWishlist,
  redirectTo,
}: {
  productId: string;
  inWishlist: boolean;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pending = fetcher.state !== "idle";
  // The action's answer when it refused (a success redirects instead).
  const notice = (fetcher.data as { notice?: FormNotice } | undefined)?.notice;
  const shown = pending ? !inWishlist : inWishlist;
  return (
    <fetcher.Form method="post" action="/wishlist" className="flex flex-col gap-2">
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button variant="secondary" disabled={pending}>
        <span aria-hidden="true">{shown ? "♥" : "♡"}</span>
        {shown ? t("productPage.removeFromWishlist") : t("productPage.addToWishlist")}
      </Button>
    </fetcher.Form>
  );
}
