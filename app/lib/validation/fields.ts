/**
 * Field rules shared by every form, on the server and in the browser. Messages are locale keys
 * (SPEC §5 texts live in app/locales), translated where they are shown.
 */
import { z } from "zod";

/**
 * The one text rule for everything people type (names, contact comments, reviews): no control
 * characters (multi-line text may keep tab and line breaks), no invisible characters that make
 * two texts look alike (zero-width space/joiners, word joiner, BOM), no bidi embeddings,
 * overrides or isolates (they reorder what a reader sees: a spoofing tool). Visible marks such as
 * the right-to-left mark stay allowed: Arabic text uses them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const INVISIBLE_OR_BIDI = /[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]/;

export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return !control.test(value) && !INVISIBLE_OR_BIDI.test(value);
}

/** Angle brackets: a name or label that could read as markup is refused, not escaped. */
const MARKUP = /[<>]/;

/** A one-line name or label: plain text (isPlainText) without angle brackets. */
export function isPlainLabel(value: string): boolean {
  return !MARKUP.test(value) && isPlainText(value);
}

export const MAX_NAME_LENGTH = 80;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;

const nameRule = (tooShort: string) =>
  z
    .string({ required_error: "validation.nameRequired", invalid_type_error: "validation.nameRequired" })
    .trim()
    .min(1, "validation.nameRequired")
    .min(4, tooShort)
    .max(MAX_NAME_LENGTH, "validation.nameTooLong")
    .refine(isPlainLabel, "validation.nameInvalid");

/** A person's name (profile, contact form, staff): required, 4 to 80 characters, plain text. */
export const nameField = nameRule("validation.nameTooShort");

/**
 * The name on the store's sign-up form: the same rule, with the message the specification gives
 * sign-up, kept verbatim ('Please enter valid Store Name').
 */
export const signUpNameField = nameRule("validation.storeName");

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

/**
 * An optional field as both sides see it: conform on the server turns an empty field into
 * undefined, the browser sends "". Both become undefined here before `schema` (which ends in
 * `.optional()`) checks the value, so a format rule never fires on a field left empty.
 */
export const blankAsMissing = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

/** A checkbox: a ticked box sends "on", an unticked one nothing; anything else is not our form's. */
export const checkboxField = z
  .literal("on", { errorMap: () => ({ message: "validation.choiceInvalid" }) })
  .optional()
  .transform((value) => value === "on");
