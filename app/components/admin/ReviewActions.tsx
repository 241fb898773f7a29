import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { RowConfirm, RowPostButton } from "~/components/admin/RowActions";
import { Textarea } from "~/components/ui/Textarea";
import { useFormPending } from "~/lib/use-form-pending";
import type { AdminReviewRow } from "~/services/catalog/contract";

// The schema's limit (validation/review-admin.ts), repeated so the page does not import zod.
const MAX_REVIEW_REPLY = 2000;

/**
 * One review's actions: Hide (confirmed: it leaves the product page), Publish or Put on hold, and the store's
 * reply (a disclosure with the form, so it works without JavaScript; removing it is confirmed).
 */
export function ReviewActions({ review }: { review: AdminReviewRow }) {
  const { t } = useTranslation();
  const id = useId();
  const saving = useFormPending({ method: "post", intent: "reply" });
  const who = `${review.shopper}: ${review.title}`;
  return (
    // `relative`: the screen-reader-only names stay inside the table's scrolling box (an absolute
    // element with no positioned ancestor would widen the whole page on a phone).
    <div className="relative flex min-w-40 flex-col items-start gap-2">
      {review.status === "hidden" || review.status === "held" ? (
        <RowPostButton
          fields={{ intent: "publish", reviewId: review.id }}
          label={t("reviewModeration.publish")}
          name={who}
        />
      ) : null}
      {review.status === "published" ? (
        // Back to awaiting approval: off the product page until published again, not hidden for good.
        <RowPostButton
          fields={{ intent: "hold", reviewId: review.id }}
          label={t("reviewModeration.hold")}
          name={who}
        />
      ) : null}
      {review.status !== "hidden" ? (
        <RowConfirm
          id={`hide-${review.id}`}
          label={t("reviewModeration.hide")}
          name={who}
          title={t("reviewModeration.hideTitle")}
          description={t("reviewModeration.hideDescription", { title: review.title, name: review.shopper })}
          fields={{ intent: "hide", reviewId: review.id }}
        />
      ) : null}
      {/* Keyed by the reply: a saved answer closes the form (a new element), a refused one keeps it open. */}
      <details key={review.reply ?? ""} className="w-full">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-bold underline underline-offset-4">
          {review.reply ? t("reviewModeration.editReply") : t("reviewModeration.reply")}
          <span className="sr-only">{`: ${who}`}</span>
        </summary>
        <Form method="post" className="mt-2 flex flex-col gap-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label htmlFor={`${id}-reply`} className="text-sm font-bold">
            {t("reviewModeration.replyLabel")}
          </label>
          <Textarea
            id={`${id}-reply`}
            name="reply"
            required
            rows={4}
            maxLength={MAX_REVIEW_REPLY}
            defaultValue={review.reply ?? ""}
            dir="auto"
            className="w-full"
          />
          <Button size="sm" disabled={saving} className="self-start">
            {t("reviewModeration.saveReply")}
          </Button>
        </Form>
      </details>
      {review.reply ? (
        <RowConfirm
          id={`remove-reply-${review.id}`}
          label={t("reviewModeration.removeReply")}
          name={who}
          title={t("reviewModeration.removeReplyTitle")}
          description={t("reviewModeration.removeReplyDescription")}
          fields={{ intent: "remove-reply", reviewId: review.id }}
        />
      ) : null}
    </div>
  );
}
