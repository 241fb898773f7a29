/** The forms of /admin/staff and the invitation page (issue 36, decision 041), shared by server and client. */
import { z } from "zod";
import { emailField, newPasswordField, passwordField, nameField } from "./fields";

export const inviteSchema = z.object({
  email: emailField,
  role: z.string({ required_error: "staffAdmin.errors.role" }).min(1, "staffAdmin.errors.role"),
});

export const roleSchema = z.object({
  name: z
    .string({ required_error: "staffAdmin.errors.roleName" })
    .trim()
    .min(1, "staffAdmin.errors.roleName")
    .max(60, "staffAdmin.errors.roleNameLong"),
});

/** A new account: a name and a new password. */
export const acceptNewSchema = z.object({ name: nameField, password: newPasswordField });
/** An account of that store already: its password. */
export const acceptExistingSchema = z.object({ password: passwordField });
