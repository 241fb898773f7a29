import { Link } from "@remix-run/react";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { formatInZone } from "~/lib/time-zone";
import { useTranslation } from "~/lib/use-translation";

export type BillingAlertData = { kind: "past-due" } | { kind: "trial-ending"; periodEnd: string } | null;

/**
 * Above every admin page while a subscription payment has failed (Stripe retrying, the store still
 * open until its period ends) or the trial ends within three days: a link to /admin/billing.
 */
export function BillingBanner({ alert, locale }: { alert: BillingAlertData; locale: string }) {
  const { t } = useTranslation();
  const timeZone = useStoreTimeZone();
  if (!alert) return null;
  const text =
    alert.kind === "past-due"
      ? t("billing.pastDueBanner")
      : t("billing.trialEndingBanner", {
          date: formatInZone(alert.periodEnd, locale, timeZone, "longDate"),
        });
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-bold">{text}</p>
      <Link to="/admin/billing" className="font-bold underline underline-offset-4">
        {alert.kind === "past-due" ? t("billing.updatePayment") : t("billing.choosePlan")}
      </Link>
    </div>
  );
}
