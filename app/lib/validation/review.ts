/** The review form (SPEC §5: rating, title and comment required); messages are locale keys. */
import { z } from "zod";
import { isPlainText } from "./fields";

export const MAX_REVIEW_TITLE = 120;
export const MAX_REVIEW_COMMENT = 4000;

const text = (required: string, tooLong: string, max: number) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => isPlainText(value, { multiline: true }), "reviews.textInvalid");

export const reviewSchema = z.object({
  intent: z.literal("review").optional(),
  rating: z
    .string({ required_error: "reviews.ratingRequired", invalid_type_error: "reviews.ratingRequired" })
    .regex(/^[1-5]$/, "reviews.ratingInvalid")
    .transform(Number),
  title: text("reviews.titleRequired", "reviews.titleTooLong", MAX_REVIEW_TITLE),
  comment: text("reviews.commentRequired", "reviews.commentTooLong", MAX_REVIEW_COMMENT),
});

export type ReviewInput = z.output<typeof reviewSchema>;
