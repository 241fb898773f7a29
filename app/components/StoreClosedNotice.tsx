import { useTranslation } from "~/lib/use-translation";

/**
 * What a closed store shows instead of every page (SPEC §4): the notice and its image, in the
 * visitor's language. The only way on is for the owner: sign in and renew on /admin/billing.
 */
export function StoreClosedNotice() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <img
        src="/subscription-expired.svg"
        alt=""
        width={320}
        height={220}
        className="h-auto w-full max-w-xs"
      />
      <h1 className="mt-8 text-2xl font-extrabold sm:text-3xl">{t("subscription.expired")}</h1>
      <p className="mt-8 text-sm text-muted">
        {t("subscription.ownerHint")}{" "}
        <a
          href={`/login?${new URLSearchParams({ redirectTo: "/admin/billing" })}`}
          className="font-bold text-primary-ink underline underline-offset-4"
        >
          {t("subscription.ownerLogin")}
        </a>
      </p>
    </section>
  );
}
