import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { TitledSection } from "~/components/admin/TitledSection";
import { useTranslation } from "~/lib/use-translation";

/** The product page's danger zone: delete (or, once ordered, archive) behind a confirmation. */
export function DeleteProductSection({ hasOrders }: { hasOrders: boolean }) {
  const { t } = useTranslation();
  return (
    <TitledSection
      headingId="danger-heading"
      title={t("admin.products.sections.danger")}
      className="flex flex-col gap-3 rounded-lg border border-line p-4 sm:p-6"
    >
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
    </TitledSection>
  );
}
