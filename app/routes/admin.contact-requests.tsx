import type { MetaFunction } from "@remix-run/node";
import { StoreDateTime } from "~/components/admin/StoreDateTime";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button, buttonClass } from "~/components/ui/Button";
import type { DataColumn } from "~/components/ui/DataTable";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { parsedAction } from "~/http/intent-action.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { contactChangeSchema } from "~/lib/validation/admin-users";
import {
  listContactRequests,
  setContactRequestRead,
  type ContactRequestRow,
} from "~/services/store/contact-requests.server";
import { notFoundPage } from "~/http/entity.server";
import { readListQuery, sameListPath } from "~/http/list-query.server";
import { SelectFilter } from "~/components/ui/FilterField";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.contact.title") });

export const loader = adminLoader("contact.manage", async ({ request, store }) => {
  // status=unread: the dashboard's tile; anything else is every request.
  const { filters, cursor } = readListQuery(request, { filters: { status: ["unread"] as const } });
  const unreadOnly = filters.status === "unread";
  return {
    ...(await listContactRequests(store.id, cursor, unreadOnly)),
    storeName: store.name,
    unreadOnly,
  };
});

/** Mark one request read or unread; another store's id is a 404 and changes nothing. */
export const action = parsedAction(
  "contact.manage",
  contactChangeSchema,
  async (value, { request, store }) => {
    const found = await setContactRequestRead(store.id, value.requestId, value.read);
    if (!found) throw notFoundPage();
    // Back to the page the button was pressed on.
    return redirectWithToast(sameListPath(request, "/admin/contact-requests"), {
      key: "admin.contact.updated",
    });
  },
);

/** A mailto: link answering in the shopper's own mail program, subject prefilled. */
function replyHref(row: ContactRequestRow, subject: string): string {
  return `mailto:${encodeURIComponent(row.email)}?subject=${encodeURIComponent(subject)}`;
}

export default function AdminContactRequests() {
  const { storeName, unreadOnly, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const columns: DataColumn<ContactRequestRow>[] = [
    {
      key: "name",
      header: t("admin.contact.name"),
      rowHeader: true,
      cell: (row) => (
        <span dir="auto" className={row.read ? "font-normal" : "font-extrabold"}>
          {row.name}
        </span>
      ),
    },
    // An address reads left to right in every language.
    { key: "email", header: t("admin.contact.email"), cell: (row) => <bdi dir="ltr">{row.email}</bdi> },
    {
      key: "message",
      header: t("admin.contact.message"),
      // The shopper's own words in their own direction, from their own start: English runs from
      // the left in the Arabic admin too (a phone's card lines its values up at the end).
      cell: (row) => (
        <p dir="auto" className="min-w-56 max-w-md text-start whitespace-pre-line break-words">
          {row.comments}
        </p>
      ),
    },
    {
      key: "received",
      header: t("admin.contact.received"),
      cell: (row) => <StoreDateTime iso={row.createdAt} />,
    },
    {
      key: "status",
      header: t("admin.contact.status"),
      cell: (row) => (row.read ? t("admin.contact.read") : t("admin.contact.unread")),
    },
    {
      key: "actions",
      header: t("admin.users.actions"),
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="requestId" value={row.id} />
            <input type="hidden" name="read" value={String(!row.read)} />
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${row.read ? t("admin.contact.markUnread") : t("admin.contact.markRead")}: ${row.name}`}
            >
              {row.read ? t("admin.contact.markUnread") : t("admin.contact.markRead")}
            </Button>
          </Form>
          <a
            href={replyHref(row, t("admin.contact.replySubject", { store: storeName }))}
            aria-label={`${t("admin.contact.reply")}: ${row.name}`}
            className={buttonClass({ size: "sm", variant: "secondary" })}
          >
            {t("admin.contact.reply")}
          </a>
        </div>
      ),
    },
  ];
  return (
    <AdminPage title={t("admin.contact.title")}>
      <ActionNotice data={actionData} />
      <ListPage
        texts="admin.contact"
        page={page}
        columns={columns}
        filters={{
          names: ["status"],
          fields: (
            <SelectFilter
              label={t("reports.contactFilter.label")}
              name="status"
              value={unreadOnly ? "unread" : ""}
              all={t("reports.contactFilter.all")}
              options={[["unread", t("reports.contactFilter.unread")]]}
            />
          ),
        }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
