/**
 * /admin/api/webhooks/:id (issue 38, decision 047): one webhook subscription and its delivery log
 * (30 days): each delivery's event, outcome, answer code, time and attempts, with "Redeliver".
 * Here the secret is rotated (the old one stays valid for the time chosen; the new one is shown
 * once), the subscription paused or resumed, and deleted (confirmed). Another store's id is 404.
 */
import { StoreDateTime } from "~/components/admin/StoreDateTime";
import { TagList } from "~/components/admin/ListCells";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SecretAnswer } from "~/components/admin/ApiParts";
import { BackLink } from "~/components/admin/BackLink";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import type { DataColumn } from "~/components/ui/DataTable";
import { Select } from "~/components/ui/Input";
import { ListPage } from "~/components/ui/ListPage";
import { entityFromPath, notFoundPage } from "~/http/entity.server";
import { adminLoader } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { seo } from "~/lib/seo";
import { formatInZone } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";
import {
  redeliverSchema,
  rotateWebhookSchema,
  ROTATION_GRACE_HOURS,
  noFieldsSchema,
} from "~/lib/validation/webhooks";
import {
  deleteWebhook,
  getWebhook,
  pauseWebhook,
  redeliver,
  resumeWebhook,
  rotateWebhookSecret,
  webhookDeliveryLog,
} from "~/services/webhooks/subscriptions.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("webhooks.detailTitle") });

export const loader = adminLoader("staff.manage", async ({ store, params }) => {
  const hook = await entityFromPath(params.id, (id) => getWebhook(store.id, id));
  const log = await webhookDeliveryLog(store.id, hook.id);
  return {
    hook: {
      id: hook.id,
      url: hook.url,
      topics: hook.topics,
      secretStart: hook.secretStart,
      paused: hook.pausedAt !== null,
      failing: hook.pausedReason === "failing",
      rotating: hook.rotating?.toISOString() ?? null,
    },
    rows: log.map((row) => ({
      id: row.id,
      topic: row.topic,
      seq: row.seq,
      // A failed attempt with another one due is retrying, not failed.
      status: row.status === "failed" && row.nextAttemptAt ? ("retrying" as const) : row.status,
      responseStatus: row.responseStatus,
      durationMs: row.durationMs,
      attempts: row.attempts,
      error: row.error,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      when: (row.lastAttemptAt ?? row.createdAt).toISOString(),
    })),
  };
});

/** The subscription of the path, of this store, or the 404 (before any change). */
async function hookOf(storeId: string, raw: string | undefined) {
  return entityFromPath(raw, (id) => getWebhook(storeId, id));
}

const here = (id: string) => `/admin/api/webhooks/${id}`;

export const action = intentAction("staff.manage", {
  rotate: [
    rotateWebhookSchema,
    async ({ grace }, { store, params }) => {
      const hook = await hookOf(store.id, params.id);
      const rotated = await rotateWebhookSecret(store.id, hook.id, Number(grace));
      if (!rotated) throw notFoundPage();
      return data({ rotated }, { headers: { "Cache-Control": "no-store" } });
    },
  ],
  pause: [
    noFieldsSchema,
    async (_, { store, params }) => {
      const hook = await hookOf(store.id, params.id);
      await pauseWebhook(store.id, hook.id);
      return redirectWithToast(here(hook.id), { key: "webhooks.toasts.paused" });
    },
  ],
  resume: [
    noFieldsSchema,
    async (_, { store, params }) => {
      const hook = await hookOf(store.id, params.id);
      await resumeWebhook(store.id, hook.id);
      return redirectWithToast(here(hook.id), { key: "webhooks.toasts.resumed" });
    },
  ],
  delete: [
    noFieldsSchema,
    async (_, { store, params }) => {
      const hook = await hookOf(store.id, params.id);
      const deleted = await deleteWebhook(store.id, hook.id);
      if (!deleted) throw notFoundPage();
      return redirectWithToast("/admin/api/webhooks", {
        key: "webhooks.toasts.deleted",
        params: { url: deleted.url },
      });
    },
  ],
  redeliver: [
    redeliverSchema,
    async ({ deliveryId }, { store, params }) => {
      const hook = await hookOf(store.id, params.id);
      if (!(await redeliver(store.id, hook.id, deliveryId.toLowerCase()))) throw notFoundPage();
      return redirectWithToast(here(hook.id), { key: "webhooks.toasts.redelivered" });
    },
  ],
});

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminWebhook() {
  const { hook, rows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const timeZone = useStoreTimeZone();
  const when = (iso: string) => <StoreDateTime iso={iso} className="whitespace-nowrap" />;
  const columns: DataColumn<Row>[] = [
    {
      key: "event",
      header: t("webhooks.log.event"),
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-col">
          <bdi dir="ltr" className="font-mono">
            {row.topic}
          </bdi>
          <span className="text-sm text-muted">#{row.seq}</span>
        </span>
      ),
    },
    {
      key: "status",
      header: t("webhooks.log.status"),
      cell: (row) => (
        <span className="flex flex-col">
          <span
            className={row.status === "sent" ? "font-bold" : row.status === "queued" ? "" : "text-danger"}
          >
            {t(`webhooks.log.statuses.${row.status}`)}
          </span>
          {row.status === "retrying" && row.nextAttemptAt ? (
            <span className="text-sm text-muted">
              {t("webhooks.log.next", {
                when: formatInZone(row.nextAttemptAt, i18n.language, timeZone, "dateTime"),
              })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "answer",
      header: t("webhooks.log.answer"),
      cell: (row) => (
        <span className="flex flex-col">
          <span>
            {row.responseStatus ?? "—"}
            {row.durationMs !== null ? (
              <span className="text-sm text-muted"> · {t("webhooks.log.ms", { ms: row.durationMs })}</span>
            ) : null}
          </span>
          {row.error ? (
            <bdi dir="ltr" className="break-all text-sm text-muted">
              {row.error}
            </bdi>
          ) : null}
        </span>
      ),
    },
    { key: "attempts", header: t("webhooks.log.attempts"), cell: (row) => row.attempts },
    { key: "when", header: t("webhooks.log.when"), cell: (row) => when(row.when) },
    {
      key: "redeliver",
      header: t("webhooks.actions"),
      cell: (row) => (
        <Form method="post">
          <input type="hidden" name="intent" value="redeliver" />
          <input type="hidden" name="deliveryId" value={row.id} />
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${t("webhooks.log.redeliver")}: ${row.topic} #${row.seq}`}
          >
            {t("webhooks.log.redeliver")}
          </Button>
        </Form>
      ),
    },
  ];
  return (
    <AdminPage title={t("webhooks.detailTitle")}>
      <BackLink plain to="/admin/api/webhooks" label={t("webhooks.back")} />
      <section className="flex flex-col gap-2 rounded-lg border border-line p-4">
        <bdi dir="ltr" className="break-all text-lg font-bold">
          {hook.url}
        </bdi>
        <p className={hook.paused ? "text-danger" : "font-bold"}>
          {t(`webhooks.states.${hook.paused ? (hook.failing ? "failing" : "paused") : "active"}`)}
        </p>
        <TagList
          tags={hook.topics.map((topic) => ({ key: topic, label: t(`webhooks.topicNames.${topic}`) }))}
        />
        <p className="text-sm text-muted">
          {t("webhooks.secretStart")}:{" "}
          <bdi dir="ltr" className="font-mono">
            {hook.secretStart}…
          </bdi>
          {hook.rotating ? (
            <>
              {" "}
              ·{" "}
              {t("webhooks.states.rotating", {
                when: formatInZone(hook.rotating, i18n.language, timeZone, "dateTime"),
              })}
            </>
          ) : null}
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={hook.paused ? "resume" : "pause"} />
            <Button variant="secondary">{t(hook.paused ? "webhooks.resume" : "webhooks.pause")}</Button>
          </Form>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="rotate" />
            <label className="flex flex-col gap-1">
              <span className="text-sm font-bold">{t("webhooks.grace")}</span>
              <Select name="grace" defaultValue="24">
                {ROTATION_GRACE_HOURS.map((hours) => (
                  <option key={hours} value={hours}>
                    {t(`webhooks.graceOptions.${hours}`)}
                  </option>
                ))}
              </Select>
            </label>
            <Button variant="secondary">{t("webhooks.rotate")}</Button>
          </Form>
          <ConfirmDialog
            id={`delete-${hook.id}`}
            trigger={t("webhooks.delete")}
            triggerLabel={`${t("webhooks.delete")}: ${hook.url}`}
            title={t("webhooks.deleteTitle", { url: hook.url })}
            description={t("webhooks.deleteDescription")}
            fields={{ intent: "delete" }}
          />
        </div>
      </section>
      <SecretAnswer data={actionData} shows="rotated" />
      <h2 className="text-lg font-bold">{t("webhooks.log.title")}</h2>
      <ListPage texts="webhooks.log" page={{ rows, prevCursor: null, nextCursor: null }} columns={columns} />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
