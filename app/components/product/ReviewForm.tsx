import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/lib/use-zod-form";
import type { FormConstraint } from "./AddToCartForm";
import { Button } from "../ui/Button";
import { Field, FieldErrors } from "../ui/Field";

/** The browser loads the schema on the form's first focus (see useZodForm). */
const loadSchema = () => import("~/lib/validation/review").then((m) => m.reviewSchema);

/**
 * Rating (1–5 as radio buttons), title and comment, all required. A shopper's second submit
 * edits the first review, so the form starts from it when there is one.
 */
export function ReviewForm({
  lastResult,
  ownReview,
  constraint,
}: {
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null | undefined;
  ownReview: { rating: number; title: string; comment: string } | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields, { onFocus }] = useZodForm(loadSchema, constraint, lastResult, {
    id: "review",
    defaultValue: ownReview
      ? { rating: String(ownReview.rating), title: ownReview.title, comment: ownReview.comment }
      : undefined,
  });
  const comment = getTextareaProps(fields.comment);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onFocus={onFocus}
      className="flex flex-col gap-3"
      preventScrollReset
    >
      <h3 className="text-xl font-bold">{ownReview ? t("reviews.editHeading") : t("reviews.formHeading")}</h3>
      <input type="hidden" name="intent" value="review" />
      <fieldset aria-describedby={fields.rating.errorId} className="flex flex-col gap-1">
        <legend className="font-bold">{t("reviews.rating")}</legend>
        <div className="flex flex-wrap gap-2">
          {["1", "2", "3", "4", "5"].map((value) => {
            const props = getInputProps(fields.rating, { type: "radio", value });
            return (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-card"
              >
                <input
                  {...props}
                  key={props.key}
                  // One id per radio: conform would give all five the field's id.
                  id={`${fields.rating.id}-${value}`}
                  className="accent-[var(--color-primary)]"
                />
                {t("reviews.starLabel", { count: Number(value) })}
              </label>
            );
          })}
        </div>
        <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors?.map((key) => t(key))} />
      </fieldset>
      <Field meta={fields.title} label={t("reviews.title")} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.comment.id} className="font-bold">
          {t("reviews.comment")}
        </label>
        <textarea
          {...comment}
          key={comment.key}
          rows={5}
          className="rounded-md border border-line bg-field px-3 py-2 text-ink aria-[invalid=true]:border-red-700"
        />
        <FieldErrors id={fields.comment.errorId} errors={fields.comment.errors?.map((key) => t(key))} />
      </div>
      <Button disabled={submitting} className="self-start">
        {ownReview ? t("reviews.update") : t("reviews.submit")}
      </Button>
    </Form>
  );
}
