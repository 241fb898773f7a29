/**
 * /admin/discounts (issue 20): the store's discount codes, newest first, with what each takes off,
 * what it applies to, its uses and the revenue of the orders that used it, its window (in the
 * store's time zone) and state; searched by code, filtered by state, keyset pages. Each row is
 * edited, switched off or on, or deleted (confirmed) when no order ever used it.
 */
import { NewWithZoneNote } from "~/components/admin/NewWithZoneNote";
import { RowActions, RowConfirm, RowLinkButton, RowPostButton } from "~/components/admin/RowActions";
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { useDiscountText } from "~/components/discounts/discount-text";
import { useAppliesToText, useSaleTime } from "~/components/admin/sale-text";
import { useMoney } from "~/components/Price";
import type { DataColumn } from "~/components/ui/DataTable";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { parsedAction } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";
import { DISCOUNT_STATES, discountRowSchema, type DiscountState } from "~/lib/validation/admin-discounts";
import {
  deleteDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  type AdminDiscountRow,
  type DiscountStateFilter,
} from "~/services/discounts/admin.server";
import { notFoundPage } from "~/http/entity.server";
import { readListQuery } from "~/http/list-query.server";
import { SearchInput } from "~/components/ui/FilterField";
import { StateFilter } from "~/components/admin/ListFilters";
import { useStateColumn, type StateTone } from "~/components/admin/ListCells";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("discounts.admin.title") });

export const loader = adminLoader("discounts.edit", async ({ request, store }) => {
  const { q, filters, cursor } = readListQuery(request, { maxQ: 40, filters: { state: DISCOUNT_STATES } });
  const state: DiscountStateFilter = filters.state ?? "all";
  const page = await listDiscountCodes(store.id, { state, q, cursor });
  return { ...page, state, q };
});

export const action = parsedAction("discounts.edit", discountRowSchema, async (value, { store }) => {
  const id = value.discountId.toLowerCase();
  if (value.intent === "delete") {
    const deleted = await deleteDiscountCode(store.id, id);
    if (!deleted.ok && deleted.error === "not-found") throw notFoundPage();
    if (!deleted.ok)
      throw new Refusal(409, { key: "discounts.admin.deleteUsed", params: { count: deleted.orders } });
    return redirectWithToast("/admin/discounts", { key: "discounts.admin.deleted" });
  }
  const active = value.intent === "activate";
  if (!(await setDiscountCodeActive(store.id, id, active))) throw notFoundPage();
  return redirectWithToast("/admin/discounts", {
    key: active ? "discounts.admin.activated" : "discounts.admin.deactivated",
  });
});

const STATE_TONES: Record<DiscountState, StateTone> = {
  active: "live",
  scheduled: "soon",
  "used-up": "warn",
  expired: "off",
  inactive: "off",
};

export default function AdminDiscounts() {
  const { state, q, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = useMoney();
  const discount = useDiscountText();
  const time = useSaleTime();
  const appliesTo = useAppliesToText("discounts.admin");
  const stateColumn = useStateColumn<DiscountState, AdminDiscountRow>("discounts.admin", STATE_TONES, {
    nowrap: true,
  });
  const columns: DataColumn<AdminDiscountRow>[] = [
    {
      key: "code",
      header: t("discounts.admin.code"),
      rowHeader: true,
      cell: (row) => (
        <Link
          to={`/admin/discounts/${row.id}`}
          className="font-mono font-bold underline underline-offset-4 hover:no-underline"
          dir="ltr"
        >
          {row.code}
        </Link>
      ),
    },
    {
      key: "discount",
      header: t("discounts.admin.discount"),
      cell: (row) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{discount(row)}</span>
          {row.minSubtotalCents > 0 ? (
            <span className="text-sm text-muted">
              {t("discounts.admin.minimumShort", { amount: money(row.minSubtotalCents) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "appliesTo",
      header: t("discounts.admin.appliesTo"),
      cell: appliesTo,
    },
    {
      key: "uses",
      header: t("discounts.admin.uses"),
      align: "end",
      cell: (row) => (
        <span className="whitespace-nowrap">
          {row.usageLimit === null
            ? row.uses
            : t("discounts.admin.usesOf", { uses: row.uses, limit: row.usageLimit })}
        </span>
      ),
    },
    {
      key: "revenue",
      header: t("discounts.admin.revenue"),
      align: "end",
      cell: (row) => <span className="whitespace-nowrap">{money(row.revenueCents)}</span>,
    },
    {
      key: "window",
      header: t("discounts.admin.window"),
      cell: (row) => (
        <span className="flex flex-col text-sm">
          <span className="whitespace-nowrap">{time(row.startsAt)}</span>
          <span className="whitespace-nowrap text-muted">
            {row.endsAt ? t("discounts.admin.until", { date: time(row.endsAt) }) : t("discounts.admin.noEnd")}
          </span>
        </span>
      ),
    },
    stateColumn,
    {
      key: "actions",
      header: t("discounts.admin.actions"),
      cell: (row) => (
        <RowActions>
          <RowLinkButton
            to={`/admin/discounts/${row.id}`}
            label={t("discounts.admin.edit")}
            name={row.code}
          />
          <RowPostButton
            fields={{ intent: row.active ? "deactivate" : "activate", discountId: row.id }}
            label={t(row.active ? "discounts.admin.deactivate" : "discounts.admin.activate")}
            name={row.code}
          />
          {/* Offered always: a used code is refused with the reason (deactivate it instead). */}
          <RowConfirm
            id={`delete-${row.id}`}
            label={t("discounts.admin.delete")}
            name={row.code}
            title={t("discounts.admin.deleteTitle", { code: row.code })}
            description={t("discounts.admin.deleteDescription")}
            fields={{ intent: "delete", discountId: row.id }}
          />
        </RowActions>
      ),
    },
  ];
  return (
    <AdminPage title={t("discounts.admin.title")}>
      <NewWithZoneNote to="/admin/discounts/new" label={t("discounts.admin.new")} />
      <ActionNotice data={actionData} />
      <ListPage
        texts="discounts.admin"
        page={page}
        columns={columns}
        filters={{
          names: ["q", "state"],
          fields: (
            <>
              <SearchInput label={t("discounts.admin.search")} defaultValue={q} maxLength={40} dir="ltr" />
              <StateFilter texts="discounts.admin" states={DISCOUNT_STATES} value={state} />
            </>
          ),
        }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
