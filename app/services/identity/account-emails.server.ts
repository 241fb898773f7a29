/**
 * The account email workflows (password reset, sign-in link, welcome): issue the token, build the
 * link on the store's canonical origin and send the message in the shopper's language. Routes
 * only parse the form and call these; nothing here reads a request.
 */
import type { Locale } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/redirect";
import { sendEmail } from "~/services/email/email.server";
import {
  emailStore,
  resetPasswordEmail,
  signInLinkEmail,
  welcomeEmail,
} from "~/services/email/email-templates.server";
import { createPasswordResetToken, createSignInLinkToken } from "~/services/identity/accounts.server";
import type { TenantStore } from "~/services/store/tenancy.server";

type EmailingStore = Pick<TenantStore, "id" | "name" | "slug" | "customDomain" | "matchedBy" | "branding">;

/**
 * Mails a reset link when `email` has an account of this store, and nothing otherwise: the caller
 * answers the same either way, so the form does not tell who has an account.
 */
export async function sendPasswordReset(store: EmailingStore, email: string, locale: Locale): Promise<void> {
  const issued = await createPasswordResetToken(store.id, email);
  if (!issued) return;
  const from = emailStore(store);
  const link = `${from.origin}/reset-password/${issued.token}`;
  await sendEmail(store.id, resetPasswordEmail(from, locale, issued.user.email, issued.user.name, link));
}

/**
 * Mails a sign-in link to any address (the account is created when the link is used). The link
 * comes back to `redirectTo` after signing in when that is a same-origin path.
 */
export async function sendSignInLink(
  store: EmailingStore,
  email: string,
  locale: Locale,
  redirectTo: unknown,
): Promise<void> {
  const { token, user } = await createSignInLinkToken(store.id, email);
  const from = emailStore(store);
  const back = safeRedirectPath(redirectTo, "");
  const query = back ? `?${new URLSearchParams({ redirectTo: back })}` : "";
  const link = `${from.origin}/login/link/${token}${query}`;
  await sendEmail(store.id, signInLinkEmail(from, locale, email, user?.name ?? email, link));
}

/** Welcomes a new account with a link to the store's home page. */
export async function sendWelcome(
  store: EmailingStore,
  user: { email: string; name: string },
  locale: Locale,
): Promise<void> {
  await sendEmail(store.id, welcomeEmail(emailStore(store), locale, user.email, user.name));
}
