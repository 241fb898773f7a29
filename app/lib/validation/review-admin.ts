/** The admin's review actions (/admin/reviews): one schema per form; messages are locale keys. */
import { z } from "zod";
import { isPlainText } from "./fields";

export const MAX_REVIEW_REPLY = 2000;

const reviewId = z.string().uuid();

export const reviewStateSchema = z.object({
  intent: z.enum(["hide", "publish", "hold"]),
  reviewId,
});

export const reviewReplySchema = z.object({
  intent: z.literal("reply"),
  reviewId,
  reply: z
    .string({
      required_error: "reviewModeration.replyRequired",
      invalid_type_error: "reviewModeration.replyRequired",
    })
    .trim()
    .min(1, "reviewModeration.replyRequired")
    .max(MAX_REVIEW_REPLY, "reviewModeration.replyTooLong")
    .refine((value) => isPlainText(value, { multiline: true }), "reviews.textInvalid"),
});

export const reviewRemoveReplySchema = z.object({
  intent: z.literal("remove-reply"),
  reviewId,
});

export const reviewSettingSchema = z.object({
  intent: z.literal("setting"),
  moderation: z.enum(["publish", "hold"], {
    required_error: "reviewModeration.settingInvalid",
    invalid_type_error: "reviewModeration.settingInvalid",
    message: "reviewModeration.settingInvalid",
  }),
});

export type ReviewModeration = z.output<typeof reviewSettingSchema>["moderation"];
