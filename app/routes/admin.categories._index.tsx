/**
 * /admin/categories (SPEC §2): the store's categories with their sub categories, in storefront
 * order, and deleting one. A category that still has products asks where they go (another
 * category, or none) inside the confirmation, with or without JavaScript.
 */
import { RowActions, RowLinkButton } from "~/components/admin/RowActions";
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { adminLoader } from "~/http/handlers.server";
import { parsedAction } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";
import { localeName } from "~/lib/localized-name";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { categoryDeleteSchema, MOVE_TO_NONE } from "~/lib/validation/admin-categories";
import {
  deleteCategory,
  listCategoryTree,
  type AdminCategoryRow,
  type DeleteCategoryResult,
} from "~/services/catalog/categories-admin.server";
import { Select } from "~/components/ui/Input";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.categories.title") });

export const loader = adminLoader("categories.edit", async ({ store }) => ({
  rows: await listCategoryTree(store.id),
}));

const REFUSALS: Record<Extract<DeleteCategoryResult, { ok: false }>["error"], Refusal> = {
  "not-found": new Refusal(404, { key: "notFound.page" }),
  "target-not-found": new Refusal(404, { key: "notFound.page" }),
  "target-inside": new Refusal(409, { key: "admin.categories.targetInside" }),
  "choose-target": new Refusal(409, { key: "admin.categories.chooseTarget" }),
};

export const action = parsedAction(
  "categories.edit",
  categoryDeleteSchema,
  async ({ categoryId, moveToCategoryId }, { store }) => {
    const result = await deleteCategory(store.id, categoryId, moveToCategoryId);
    if (!result.ok) throw REFUSALS[result.error];
    return redirectWithToast("/admin/categories", { key: "admin.categories.deleted" });
  },
);

export default function AdminCategories() {
  const { rows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const name = (row: Pick<AdminCategoryRow, "nameEn" | "nameAr">) => localeName(row, i18n.language);
  const parentOf = (row: AdminCategoryRow) => rows.find((r) => r.id === row.parentId);
  const columns: DataColumn<AdminCategoryRow>[] = [
    {
      key: "name",
      header: t("admin.categories.name"),
      rowHeader: true,
      cell: (row) => {
        const parent = parentOf(row);
        return (
          <div className={parent ? "ps-6" : undefined}>
            <span dir="auto" className={parent ? undefined : "font-bold"}>
              {name(row)}
            </span>
            {parent ? (
              <span className="block text-sm text-muted">
                {t("admin.categories.subOf", { name: name(parent) })}
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      key: "slug",
      header: t("admin.categories.slug"),
      cell: (row) => (
        <span dir="ltr" className="font-mono text-sm">
          {row.slug}
        </span>
      ),
    },
    {
      key: "products",
      header: t("admin.categories.products"),
      align: "end",
      cell: (row) => row.productCount,
    },
    { key: "order", header: t("admin.categories.sortOrder"), align: "end", cell: (row) => row.sortOrder },
    {
      key: "actions",
      header: t("admin.categories.actions"),
      cell: (row) => (
        <RowActions>
          <RowLinkButton
            to={`/admin/categories/${row.id}`}
            label={t("admin.categories.edit")}
            name={name(row)}
          />
          <DeleteCategory row={row} rows={rows} name={name} />
        </RowActions>
      ),
    },
  ];
  return (
    <AdminPage title={t("admin.categories.title")}>
      <div>
        <Button to="/admin/categories/new">{t("admin.categories.add")}</Button>
      </div>
      <ActionNotice data={actionData} />
      <DataTable
        caption={t("admin.categories.title")}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t("admin.categories.empty")}
      />
    </AdminPage>
  );
}

/** The row's Delete: a plain confirmation, or one that asks where the products go. */
function DeleteCategory({
  row,
  rows,
  name,
}: {
  row: AdminCategoryRow;
  rows: AdminCategoryRow[];
  name: (row: AdminCategoryRow) => string;
}) {
  const { t } = useTranslation();
  const hasSubs = rows.some((r) => r.parentId === row.id);
  const parent = rows.find((r) => r.id === row.parentId);
  // A top-level category's count includes its sub categories' products, which move with it.
  const productCount = row.productCount;
  // Anywhere but itself and what is deleted with it.
  const targets = rows.filter((r) => r.id !== row.id && r.parentId !== row.id);
  const description = [
    productCount > 0 ? t("admin.categories.deleteProducts", { count: productCount }) : null,
    hasSubs ? t("admin.categories.deleteWithSubs") : null,
    t("admin.categories.deleteDescription"),
  ]
    .filter(Boolean)
    .join(" ");
  const selectId = `move-${row.id}`;
  return (
    <ConfirmDialog
      id={`delete-${row.id}`}
      trigger={t("admin.categories.delete")}
      title={t("admin.categories.deleteTitle", { name: name(row) })}
      description={description}
      fields={{ intent: "delete", categoryId: row.id }}
    >
      {productCount > 0 ? (
        <div className="flex flex-col gap-1 text-start">
          <label htmlFor={selectId} className="font-bold">
            {t("admin.categories.moveTo")}
          </label>
          <Select id={selectId} name="moveToCategoryId" defaultValue={MOVE_TO_NONE}>
            <option value={MOVE_TO_NONE}>
              {parent
                ? t("admin.categories.moveToParent", { name: name(parent) })
                : t("admin.categories.moveToNone")}
            </option>
            {targets.map((target) => {
              const targetParent = rows.find((r) => r.id === target.parentId);
              return (
                <option key={target.id} value={target.id}>
                  {targetParent ? `${name(targetParent)} › ${name(target)}` : name(target)}
                </option>
              );
            })}
          </Select>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
