/** Password hashing (argon2id): shared by the identity services and the seed. */
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

// Argon2id with the OWASP minimum (DESIGN §1). `Algorithm` is an ambient const enum, which
// isolatedModules cannot read, hence the literal: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** False for a wrong password and for a stored hash that is not a valid argon2 string. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

// A real hash to check against when the email is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;

/** Spends a password check's time for an account that does not exist; always false. */
export async function verifyAgainstNoAccount(plain: string): Promise<false> {
  await verifyPassword(await (dummyHash ??= hashPassword("timing-equaliser-not-a-password")), plain);
  return false;
}
