import { z } from "zod";

/** One row button on /admin/users: which change, to whom, on or off. */
export const userChangeSchema = z.object({
  intent: z.enum(["admin", "block"]),
  userId: z.string().uuid(),
  value: z.enum(["true", "false"]).transform((v) => v === "true"),
});

/** One row button on /admin/contact-requests: read or unread. */
export const contactChangeSchema = z.object({
  requestId: z.string().uuid(),
  read: z.enum(["true", "false"]).transform((v) => v === "true"),
});
