/**
 * Password hashing for the identity services. The argon2 code itself lives in
 * `~/lib/passwords.server` because the seed (app/db/seed) hashes demo passwords too, and a lower
 * layer must not import a service (docs/decisions/010-layers.md).
 */
export { hashPassword, verifyAgainstNoAccount, verifyPassword } from "~/lib/passwords.server";
