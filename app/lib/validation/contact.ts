import { z } from "zod";
import { emailField, isPlainText, nameField } from "./fields";

export const MAX_COMMENTS_LENGTH = 5_000;

/** The contact form (SPEC §5): name (at least 4), a valid email and comments, all required. */
export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  comments: z
    .string({
      required_error: "validation.commentsRequired",
      invalid_type_error: "validation.commentsRequired",
    })
    .trim()
    .min(1, "validation.commentsRequired")
    .max(MAX_COMMENTS_LENGTH, "validation.commentsTooLong")
    .refine((value) => isPlainText(value, { multiline: true }), "validation.commentsInvalid"),
});
