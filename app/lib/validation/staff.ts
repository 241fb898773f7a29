/** A new platform staff account (/platform/staff): name, email and a first password. */
import { z } from "zod";
import { emailField, nameField, newPasswordField } from "./fields";

export const staffSchema = z.object({ name: nameField, email: emailField, password: newPasswordField });

/**
 * Removing one (its row's button). Any text: an id that is not a staff account's is the
 * service's "not found", as for one removed a moment ago.
 */
export const staffRemoveSchema = z.object({ staffId: z.string().default("") });
