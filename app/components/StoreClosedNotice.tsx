import { useTranslation } from "~/lib/use-translation";
import type { ClosedNotice } from "~/lib/shell";

/**
 * What a closed store shows instead of every page, in the visitor's language. An expired
 * subscription shows the specification's notice and its image; the owner's way on is to sign in and
 * renew on /admin/billing. A store the platform's staff suspended has nothing to renew: the notice
 * says so and where its owner reaches the platform.
 */
export function StoreClosedNotice({ notice }: { notice: ClosedNotice | null }) {
  const { t } = useTranslation();
  const suspended = notice?.closure === "suspended";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <img
        src="/subscription-expired.svg"
        alt=""
        width={320}
        height={220}
        className="h-auto w-full max-w-xs"
      />
      <h1 className="mt-8 text-2xl font-extrabold sm:text-3xl">
        {t(suspended ? "subscription.suspended" : "subscription.expired")}
      </h1>
      <p className="mt-8 text-sm text-muted" data-testid={suspended ? "suspended-help" : undefined}>
        {suspended
          ? t("subscription.suspendedHelp", { platform: t("app.platformName") })
          : t("subscription.ownerHint")}{" "}
        <a
          href={
            suspended ? notice.platformUrl : `/login?${new URLSearchParams({ redirectTo: "/admin/billing" })}`
          }
          dir={suspended ? "ltr" : undefined}
          className="font-bold break-all text-primary-ink underline underline-offset-4"
        >
          {suspended ? notice.platformHost : t("subscription.ownerLogin")}
        </a>
      </p>
    </section>
  );
}
