/**
 * /admin/api/webhooks (issue 38, decision 047): the store's webhook subscriptions. A new one is an
 * address and the events to send; its signing secret is shown once, in the action's answer. The
 * list shows each one's events, its state (active, paused, paused after 24 hours of failures,
 * rotating its secret) and links to its delivery log, where it is rotated, paused or deleted.
 */
import { StateCell, TagList } from "~/components/admin/ListCells";
import { CreateForm } from "~/components/admin/CreateForm";
import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SecretAnswer, SecretStartCell } from "~/components/admin/ApiParts";
import { BackLink } from "~/components/admin/BackLink";
import { AdminPage } from "~/components/admin/AdminPage";
import { CheckRow } from "~/components/ui/Checkbox";
import type { DataColumn } from "~/components/ui/DataTable";
import { Input } from "~/components/ui/Input";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";
import { seo } from "~/lib/seo";
import { formatInZone } from "~/lib/time-zone";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";
import { createWebhookSchema } from "~/lib/validation/webhooks";
import { WEBHOOK_TOPICS } from "~/lib/webhooks";
import { createWebhook, listWebhooks } from "~/services/webhooks/subscriptions.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("webhooks.title") });

export const loader = adminLoader("staff.manage", async ({ store }) => {
  const rows = await listWebhooks(store.id);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      url: row.url,
      topics: row.topics,
      secretStart: row.secretStart,
      state: row.pausedAt
        ? row.pausedReason === "failing"
          ? ("failing" as const)
          : ("paused" as const)
        : ("active" as const),
      rotating: row.rotating?.toISOString() ?? null,
    })),
  };
});

export const action = intentAction("staff.manage", {
  create: [
    createWebhookSchema,
    async ({ url, topics }, { store, user }) => {
      const made = await createWebhook(store.id, user.id, { url, topics });
      if (!made.ok) throw new Refusal(400, { key: `webhooks.errors.${made.error}` });
      // The secret's one showing: in this answer only.
      return data({ created: { url, secret: made.secret } }, { headers: { "Cache-Control": "no-store" } });
    },
    { messageFields: ["url", "topics"], listFields: ["topics"] },
  ],
});

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminWebhooks() {
  const { rows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const timeZone = useStoreTimeZone();
  const columns: DataColumn<Row>[] = [
    {
      key: "url",
      header: t("webhooks.url"),
      rowHeader: true,
      cell: (row) => <SecretStartCell url={row.url} start={row.secretStart} />,
    },
    {
      key: "topics",
      header: t("webhooks.topics"),
      cell: (row) => (
        <TagList
          tags={row.topics.map((topic) => ({ key: topic, label: t(`webhooks.topicNames.${topic}`) }))}
        />
      ),
    },
    {
      key: "state",
      header: t("webhooks.state"),
      cell: (row) => (
        <StateCell
          ok={row.state === "active"}
          label={t(`webhooks.states.${row.state}`)}
          note={
            row.rotating
              ? t("webhooks.states.rotating", {
                  when: formatInZone(row.rotating, i18n.language, timeZone, "dateTime"),
                })
              : null
          }
        />
      ),
    },
    {
      key: "actions",
      header: t("webhooks.actions"),
      cell: (row) => (
        <Link
          to={`/admin/api/webhooks/${row.id}`}
          aria-label={`${t("webhooks.open")}: ${row.url}`}
          className="font-bold text-primary underline"
        >
          {t("webhooks.open")}
        </Link>
      ),
    },
  ];
  return (
    <AdminPage title={t("webhooks.title")}>
      <p className="text-muted">{t("webhooks.intro")}</p>
      <BackLink plain to="/admin/api" label={t("admin.api.title")} />
      <SecretAnswer data={actionData} shows="webhook" />
      <ListPage texts="webhooks.list" page={{ rows, prevCursor: null, nextCursor: null }} columns={columns} />
      <CreateForm title={t("webhooks.newTitle")} intent="create" submit={t("webhooks.create")}>
        <div className="flex w-full max-w-xl flex-col gap-1">
          <label htmlFor="webhook-url" className="font-bold">
            {t("webhooks.url")}
          </label>
          <Input
            id="webhook-url"
            name="url"
            type="url"
            required
            maxLength={2000}
            dir="ltr"
            placeholder="https://example.com/hooks"
            aria-describedby="webhook-url-hint"
          />
          <p id="webhook-url-hint" className="text-sm text-muted">
            {t("webhooks.urlHint")}
          </p>
        </div>
        <fieldset className="rounded-lg border border-line p-4">
          <legend className="px-1 font-bold">{t("webhooks.topics")}</legend>
          <p className="text-sm text-muted">{t("webhooks.topicsHint")}</p>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {WEBHOOK_TOPICS.map((topic) => (
              <CheckRow key={topic} name="topics" value={topic} label={t(`webhooks.topicNames.${topic}`)} />
            ))}
          </div>
        </fieldset>
      </CreateForm>
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
