/**
 * Field rules shared by every form, on the server and in the browser. Messages are locale keys
 * (SPEC §5 texts live in app/locales), translated where they are shown.
 */
import { z } from "zod";

// Control characters and bidi overrides: never part of a real name, and a spoofing tool.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const MARKUP = /[<>]/;

export const MAX_NAME_LENGTH = 80;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;

/** A person's name: required, 4 to 80 characters (SPEC §5), plain text. */
export const nameField = z
  .string({ required_error: "validation.nameRequired", invalid_type_error: "validation.nameRequired" })
  .trim()
  .min(1, "validation.nameRequired")
  .min(4, "validation.storeName")
  .max(MAX_NAME_LENGTH, "validation.nameTooLong")
  .refine((value) => !MARKUP.test(value) && !UNSAFE_TEXT.test(value), "validation.nameInvalid");

export const emailField = z
  .string({ required_error: "validation.emailRequired", invalid_type_error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(MAX_EMAIL_LENGTH, "validation.emailInvalid")
  .email("validation.emailInvalid");

/** A password being chosen: 6 to 128 characters (argon2 cost grows with length). */
export const newPasswordField = z
  .string({
    required_error: "validation.passwordRequired",
    invalid_type_error: "validation.passwordRequired",
  })
  .min(1, "validation.passwordRequired")
  .min(6, "validation.passwordMin")
  .max(MAX_PASSWORD_LENGTH, "validation.passwordTooLong");

/** A password being checked: only required (and bounded). */
export const passwordField = z
  .string({
    required_error: "validation.passwordRequired",
    invalid_type_error: "validation.passwordRequired",
  })
  .min(1, "validation.passwordRequired")
  .max(MAX_PASSWORD_LENGTH, "validation.passwordTooLong");
