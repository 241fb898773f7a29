import { BulkBar } from "~/components/admin/BulkBar";
import { TitledSection } from "~/components/admin/TitledSection";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { ConfirmForm } from "~/components/ui/ConfirmForm";
import { Select } from "~/components/ui/Input";
import { BULK_FIELD, type BulkItem } from "~/lib/bulk";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/lib/use-translation";

/**
 * The products list's bulk bar (issue 39): Activate, Deactivate, a category and "Add to category",
 * and Delete, which asks first: with JavaScript in a dialog that posts the chosen ids with
 * `confirm=yes`; without it the button posts without, and the server answers with
 * `BulkDeleteConfirmation`.
 */
export function ProductsBulkBar({
  formId,
  rowIds,
  categories,
}: {
  formId: string;
  rowIds: string[];
  categories: { id: string; parentId: string | null; name: string }[];
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <BulkBar formId={formId} rowIds={rowIds} label={t("admin.products.bulk.label")}>
      {({ formId, selected, disabled }) => (
        <>
          <Button form={formId} name="intent" value="activate" variant="secondary" disabled={disabled}>
            {t("admin.products.bulk.activate")}
          </Button>
          <Button form={formId} name="intent" value="deactivate" variant="secondary" disabled={disabled}>
            {t("admin.products.bulk.deactivate")}
          </Button>
          <span className="flex flex-wrap items-center gap-2">
            <label htmlFor="bulk-category" className="sr-only">
              {t("admin.products.bulk.category")}
            </label>
            <Select id="bulk-category" form={formId} name="categoryId" defaultValue="" className="w-auto">
              <option value="">{t("admin.products.bulk.chooseCategory")}</option>
              {categories.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.parentId ? `— ${option.name}` : option.name}
                </option>
              ))}
            </Select>
            <Button form={formId} name="intent" value="category" variant="secondary" disabled={disabled}>
              {t("admin.products.bulk.addToCategory")}
            </Button>
          </span>
          {hydrated ? (
            selected.length > 0 ? (
              <ConfirmDialog
                id="bulk-delete"
                trigger={t("admin.products.bulk.delete")}
                title={t("admin.products.bulk.deleteTitle")}
                description={t("admin.products.bulk.deleteDescription", { count: selected.length })}
                fields={{ intent: "delete", confirm: "yes" }}
              >
                {selected.map((id) => (
                  <input key={id} type="hidden" name={BULK_FIELD} value={id} />
                ))}
              </ConfirmDialog>
            ) : (
              <Button type="button" variant="danger" disabled>
                {t("admin.products.bulk.delete")}
              </Button>
            )
          ) : (
            // Without JavaScript the server asks first (the confirmation above the list).
            <Button form={formId} name="intent" value="delete" variant="danger">
              {t("admin.products.bulk.delete")}
            </Button>
          )}
        </>
      )}
    </BulkBar>
  );
}

/**
 * Delete's confirmation without JavaScript: the server's answer to the first press names the
 * chosen products; confirming posts them again with `confirm=yes`; Cancel keeps the list.
 */
export function BulkDeleteConfirmation({ products }: { products: BulkItem[] }) {
  const { t } = useTranslation();
  return (
    <TitledSection
      headingId="bulk-delete-title"
      title={t("admin.products.bulk.deleteTitle")}
      titleClassName="text-xl font-extrabold"
      role="group"
      className="rounded-lg border border-line bg-card p-4"
    >
      <p className="mt-2 text-muted">
        {t("admin.products.bulk.deleteDescription", { count: products.length })}
      </p>
      <ul className="mt-2 list-disc ps-6">
        {products.map((product) => (
          <li key={product.id}>
            <bdi>{product.label}</bdi>
          </li>
        ))}
      </ul>
      <ConfirmForm
        action="/admin/products?index"
        fields={{ intent: "delete", confirm: "yes" }}
        confirmLabel={t("admin.products.bulk.delete")}
        tone="danger"
        cancel={
          <Button to="/admin/products" variant="secondary">
            {t("admin.cancel")}
          </Button>
        }
      >
        {products.map((product) => (
          <input key={product.id} type="hidden" name={BULK_FIELD} value={product.id} />
        ))}
      </ConfirmForm>
    </TitledSection>
  );
}
