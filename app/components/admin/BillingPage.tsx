import { Form, useNavigation } from "@remix-run/react";
import { knownSubscriptionStatus } from "~/components/admin/subscription-status";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { formatMoney } from "~/lib/money";
import type { FormNotice } from "~/lib/notice";
import { useRootData } from "~/lib/root-data";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { formatInZone } from "~/lib/time-zone";

export interface BillingPlan {
  id: string;
  nameEn: string;
  nameAr: string;
  priceCents: number;
  currency: string;
  descriptionEn?: string;
  descriptionAr?: string;
}

export interface BillingData {
  configured: boolean;
  plan: BillingPlan | null;
  status: string | null;
  periodEnd: string | null;
  expired: boolean;
  hasCustomer: boolean;
  hasSubscription: boolean;
  subscribed: boolean;
  onPlan: boolean;
  packages: BillingPlan[];
}

/** The store's plan and period, the plans on offer, and the way to Stripe's portal. */
export function BillingPage({
  billing,
  checkoutDone,
  notice,
}: {
  billing: BillingData;
  checkoutDone: boolean;
  notice: FormNotice | null;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData().shell;
  const busy = useNavigation().state !== "idle";
  const name = (plan: BillingPlan) => (locale === "ar" ? plan.nameAr : plan.nameEn);
  const price = (plan: BillingPlan) =>
    t("packages.perMonth", { price: formatMoney(plan.priceCents, plan.currency, locale) });
  const timeZone = useStoreTimeZone();
  const periodEnd = billing.periodEnd ? formatInZone(billing.periodEnd, locale, timeZone, "longDate") : null;
  const { expired } = billing;
  const status = knownSubscriptionStatus(billing.status);

  return (
    <AdminPage title={t("billing.title")}>
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      {checkoutDone ? <Notice tone="info">{t("billing.checkoutDone")}</Notice> : null}
      {expired ? <Notice>{t("subscription.expired")}</Notice> : null}
      {!billing.configured ? <Notice tone="info">{t("billing.notConfigured")}</Notice> : null}

      <section aria-labelledby="billing-current" className="rounded-lg border border-line p-5">
        <h2 id="billing-current" className="text-xl font-bold">
          {t("billing.current")}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-bold">{t("billing.plan")}</dt>
          <dd data-testid="billing-plan">
            {billing.plan ? `${name(billing.plan)} · ${price(billing.plan)}` : t("billing.noPlan")}
          </dd>
          <dt className="font-bold">{t("billing.status")}</dt>
          <dd data-testid="billing-status" data-status={billing.status ?? ""}>
            {status ? t(`billing.statuses.${status}`) : t("billing.statuses.none")}
          </dd>
          <dt className="font-bold">{expired ? t("billing.endedOn") : t("billing.periodEnd")}</dt>
          <dd data-testid="billing-period-end">{periodEnd ?? t("billing.noPeriodEnd")}</dd>
        </dl>
        <Form method="post" className="mt-4">
          <Button name="intent" value="manage" variant="secondary" disabled={busy || !billing.configured}>
            {t("billing.manage")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="billing-plans">
        <h2 id="billing-plans" className="text-xl font-bold">
          {t("billing.choose")}
        </h2>
        {billing.subscribed ? <p className="mt-1 text-muted">{t("billing.changeInPortal")}</p> : null}
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {billing.packages.map((plan) => {
            const features = (locale === "ar" ? plan.descriptionAr : plan.descriptionEn) ?? "";
            const current = billing.onPlan && billing.plan?.id === plan.id;
            return (
              <li key={plan.id} className="flex flex-col gap-3 rounded-lg border border-line bg-card p-5">
                <h3 className="text-lg font-extrabold">{name(plan)}</h3>
                <p className="text-2xl font-extrabold">{price(plan)}</p>
                {features ? <p className="whitespace-pre-line text-muted">{features}</p> : null}
                <Form method="post" className="mt-auto">
                  <input type="hidden" name="packageId" value={plan.id} />
                  <Button
                    name="intent"
                    value="choose"
                    variant={current ? "secondary" : "primary"}
                    disabled={busy || !billing.configured || billing.subscribed || current}
                    aria-label={current ? undefined : t("billing.chooseNamed", { plan: name(plan) })}
                  >
                    {current ? t("billing.currentPlan") : t("billing.choosePlan")}
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
    </AdminPage>
  );
}
