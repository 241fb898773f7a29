/** One schema per account form, checked by the action (conform) and in the browser (useSchemaForm). */
import { z } from "zod";
import { emailField, nameField, newPasswordField, passwordField, signUpNameField } from "./fields";

export const signUpSchema = z.object({
  name: signUpNameField,
  email: emailField,
  password: newPasswordField,
});
export const loginSchema = z.object({ email: emailField, password: passwordField });
/** Forms that only ask for an address to mail (password reset, sign-in link). */
export const emailOnlySchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({ password: newPasswordField });
export const profileSchema = z.object({ name: nameField });
export const changePasswordSchema = z.object({
  currentPassword: passwordField,
  newPassword: newPasswordField,
});

/** Profile photos: PNG or JPG up to 5 MB (SPEC §5), checked by content on the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
