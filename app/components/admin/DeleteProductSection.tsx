import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { useTranslation } from "~/lib/use-translation";

/** The product page's danger zone: delete (or, once ordered, archive) behind a confirmation. */
export function DeleteProductSection({ hasOrders }: { hasOrders: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="danger-heading"
      className="flex flex-col gap-3 rounded-lg border border-line p-4 sm:p-6"
    >
      <h2 id="danger-heading" className="text-lg font-extrabold">
        {t("admin.products.sections.danger")}
      </h2>
      <p className="text-muted">
        {hasOrders ? t("admin.products.deleteOrderedDescription") : t("admin.products.deleteDescription")}
      </p>
      <div>
        <ConfirmDialog
          id="delete-product"
          trigger={t("admin.products.delete")}
          title={t("admin.products.deleteTitle")}
          description={
            hasOrders ? t("admin.products.deleteOrderedDescription") : t("admin.products.deleteDescription")
          }
          fields={{ intent: "delete" }}
        />
      </div>
    </section>
  );
}
