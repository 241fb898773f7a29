/** The review form (SPEC §5: rating, title and comment required); messages are locale keys. */
import { z } from "zod";

export const MAX_REVIEW_TITLE = 120;
export const MAX_REVIEW_COMMENT = 4000;
// Control characters (newlines and tabs excepted) and bidi overrides never belong in a review.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

const text = (required: string, tooLong: string, max: number) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => !UNSAFE_TEXT.test(value), "reviews.textInvalid");

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
