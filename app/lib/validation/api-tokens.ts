/** The form of /admin/api (issue 38, decision 045): a new token's name, scopes and expiry. */
import { z } from "zod";
import { PERMISSIONS } from "~/lib/permissions";

/** How long a new token lives: never, or so many days. */
export const TOKEN_EXPIRIES = ["never", "7", "30", "90", "365"] as const;

export const createTokenSchema = z.object({
  name: z
    .string({ required_error: "admin.api.errors.name" })
    .trim()
    .min(1, "admin.api.errors.name")
    .max(60, "admin.api.errors.nameLong"),
  scopes: z
    .array(z.enum(PERMISSIONS, { errorMap: () => ({ message: "admin.api.errors.scopes" }) }), {
      invalid_type_error: "admin.api.errors.scopes",
    })
    .min(1, "admin.api.errors.scopes"),
  expires: z.enum(TOKEN_EXPIRIES, { errorMap: () => ({ message: "admin.api.errors.expires" }) }),
});

export const revokeTokenSchema = z.object({ id: z.string().uuid() });
