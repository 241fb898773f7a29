/**
 * `/signup` serves two hosts (as `/login` and `/` do): on a store's host a shopper's account; on
 * the platform host a new store with its owner (issue 12), whose browser is then handed to the
 * store's own host, signed in, on /admin/dashboard.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CreateStoreForm } from "~/components/platform/CreateStoreForm";
import { ShopperSignUp } from "~/components/ShopperSignUp";
import { formConstraint } from "~/lib/form-constraint.server";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { signUpSchema } from "~/lib/validation/auth";
import { createStoreSchema } from "~/lib/validation/store-signup";
import { getOptionalUser, requireStore } from "~/http/guards.server";
import { siteAction, siteLoader, type RequestArgs, type WithForm } from "~/http/handlers.server";
import { redirectSignedIn } from "~/http/sessions.server";
import { sendWelcome } from "~/services/identity/account-emails.server";
import { signUp } from "~/services/identity/accounts.server";
import { createStore } from "~/services/platform/store-signup.server";
import { storeOrigin } from "~/services/store/store-origin.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({
    ...args,
    page: (t) => (args.data?.audience === "platform" ? t("storeSignup.title") : t("auth.signup.title")),
  });

const SLUG_MARK = "__slug__";

export const loader = siteLoader(async ({ request, context }) => {
  if (context.tenant.kind === "platform") {
    // The address preview: the store's origin around a placeholder slug.
    const [before, after] = storeOrigin({ slug: SLUG_MARK, customDomain: null, matchedBy: "slug" }).split(
      SLUG_MARK,
    );
    return {
      audience: "platform" as const,
      frame: { before: before!, after: after! },
      redirectTo: "",
      constraint: formConstraint(createStoreSchema),
    };
  }
  requireStore(context);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await getOptionalUser(request, context)) throw redirect(redirectTo || "/");
  return {
    audience: "store" as const,
    frame: null,
    redirectTo,
    constraint: formConstraint(signUpSchema),
  };
});

async function createStoreAndHandOff({ form, locale }: RequestArgs & WithForm) {
  const submission = parseWithZod(form, { schema: createStoreSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
  }
  const created = await createStore({ ...submission.value, locale });
  if (!created.ok) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { slug: ["validation.storeAddressTaken"] },
          hideFields: ["password"],
        }),
        notice: null,
      },
      { status: 409 },
    );
  }
  // Another host: the browser (or Remix's client) follows it as a full page load.
  return redirect(created.handoffUrl, { headers: { "Referrer-Policy": "no-referrer" } });
}

async function signUpShopper({ request, context, locale, form }: RequestArgs & WithForm) {
  const store = requireStore(context);
  const submission = parseWithZod(form, { schema: signUpSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
  }
  const created = await signUp(store.id, { ...submission.value, locale });
  if (!created.ok) {
    return data(
      {
        result: submission.reply({ fieldErrors: { email: ["auth.emailTaken"] }, hideFields: ["password"] }),
        notice: null,
      },
      { status: 409 },
    );
  }
  const { user } = created;
  await sendWelcome(store, user, locale);
  const target = safeRedirectPath(form.get("redirectTo"), "/");
  return redirectSignedIn(store.id, user.id, request, target, "toast.registrationSuccess");
}

export const action = siteAction(
  (args) => (args.context.tenant.kind === "platform" ? createStoreAndHandOff(args) : signUpShopper(args)),
  { rateLimit: { kind: "sign-up" } },
);

export default function SignUp() {
  const { audience, frame, redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (audience === "platform" && frame) {
    return (
      <CreateStoreForm
        frame={frame}
        constraint={constraint}
        result={actionData?.result}
        notice={actionData?.notice}
      />
    );
  }
  return (
    <ShopperSignUp
      redirectTo={redirectTo}
      constraint={constraint}
      result={actionData?.result}
      notice={actionData?.notice}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
