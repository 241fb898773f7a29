/** The custom-domain form (issue 12, item 5): one domain name such as shop.example.com. */
import { z } from "zod";

const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const customDomainSchema = z.object({
  domain: z
    .string({ required_error: "validation.domainRequired", invalid_type_error: "validation.domainRequired" })
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/\.$/, ""))
    .pipe(
      z
        .string()
        .min(1, "validation.domainRequired")
        .max(253, "validation.domainInvalid")
        .regex(HOST, "validation.domainInvalid"),
    ),
});
