/**
 * Password sign-in through remix-auth's FormStrategy (DESIGN §1). It reads the posted email and
 * password from the request, so it belongs to the HTTP layer; the check itself is the identity
 * service's `signInWithPassword`. The authenticator is per call because the store comes from the
 * request's host, not the form.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { signInWithPassword, type SignInResult } from "~/services/identity/accounts.server";

export function authenticateWithPassword(storeId: string, request: Request): Promise<SignInResult> {
  const authenticator = new Authenticator<SignInResult>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "");
      const password = String(form.get("password") ?? "");
      return signInWithPassword(storeId, email, password);
    }),
    "password",
  );
  return authenticator.authenticate("password", request);
}
