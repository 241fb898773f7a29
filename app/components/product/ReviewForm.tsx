import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";
import { Button } from "../ui/Button";
import { FieldError } from "../ui/Field";
import { CONTROL_CLASS } from "~/components/ui/Input";

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/review").then((m) => m.reviewSchema);

// The schema's limits (validation/review.ts), repeated so the page does not import zod up front.
const MAX_REVIEW_TITLE = 120;
const MAX_REVIEW_COMMENT = 4000;

const INPUT = `min-h-11 ${CONTROL_CLASS}`;

/**
 * Rating (1–5 as radio buttons), title and comment, all required. A shopper's second submit
 * edits the first review, so the form starts from it when there is one.
 */
export function ReviewForm({
  reply,
  ownReview,
}: {
  /** The action's answer when it refused the review. */
  reply: FormReply | null | undefined;
  ownReview: { rating: number; title: string; comment: string } | null;
}) {
  const { t } = useTranslation();
  const { errors, formProps, fieldProps } = useSchemaForm(loadSchema, reply);
  const id = useId();
  const submitting = useFormPending({ method: "post", intent: "review" });
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-3" preventScrollReset>
      <h3 className="text-xl font-bold">{ownReview ? t("reviews.editHeading") : t("reviews.formHeading")}</h3>
      <input type="hidden" name="intent" value="review" />
      <fieldset aria-describedby={`${id}-rating-error`} className="flex flex-col gap-1">
        <legend className="font-bold">{t("reviews.rating")}</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-card"
            >
              <input
                type="radio"
                {...fieldProps("rating", `${id}-rating-error`)}
                value={value}
                defaultChecked={ownReview?.rating === value}
                required
                className="accent-[var(--color-primary)]"
              />
              {t("reviews.starLabel", { count: value })}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-rating-error`} errors={errors.rating} />
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-title`} className="font-bold">
          {t("reviews.title")}
        </label>
        <input
          id={`${id}-title`}
          {...fieldProps("title", `${id}-title-error`)}
          defaultValue={ownReview?.title}
          required
          maxLength={MAX_REVIEW_TITLE}
          className={INPUT}
        />
        <FieldError id={`${id}-title-error`} errors={errors.title} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-comment`} className="font-bold">
          {t("reviews.comment")}
        </label>
        <textarea
          id={`${id}-comment`}
          {...fieldProps("comment", `${id}-comment-error`)}
          defaultValue={ownReview?.comment}
          required
          maxLength={MAX_REVIEW_COMMENT}
          rows={5}
          className={`${INPUT} py-2`}
        />
        <FieldError id={`${id}-comment-error`} errors={errors.comment} />
      </div>
      <Button disabled={submitting} className="self-start">
        {ownReview ? t("reviews.update") : t("reviews.submit")}
      </Button>
    </Form>
  );
}
