/** A new platform staff account (/platform/staff): name, email and a first password. */
import { z } from "zod";
import { emailField, nameField, newPasswordField } from "./fields";

export const staffSchema = z.object({ name: nameField, email: emailField, password: newPasswordField });
