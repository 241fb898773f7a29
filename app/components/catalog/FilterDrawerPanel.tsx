import type { RefObject } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { Drawer } from "~/components/ui/Drawer";
import type { CatalogQuery } from "~/lib/catalog-query";
import { CatalogFilters, type FilterCategory } from "./CatalogFilters";

export interface FilterDrawerPanelProps {
  action: string;
  query: CatalogQuery;
  categories: FilterCategory[] | null;
  /** The listing's result count, which follows the filters as they change. */
  total: number;
  returnFocusTo: RefObject<HTMLElement>;
  onClose: () => void;
}

/**
 * The phone's filter drawer (loaded on demand by FilterDrawer): the listing's filters, which move
 * the listing behind as they change, and the result count with a button back to the products.
 * Apply closes it too.
 */
export default function FilterDrawerPanel({
  action,
  query,
  categories,
  total,
  returnFocusTo,
  onClose,
}: FilterDrawerPanelProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t("catalog.filters.heading")}
      description={t("phone.filtersDescription")}
      closeLabel={t("phone.closeFilters")}
      returnFocusTo={returnFocusTo}
      onClose={onClose}
      footer={
        <div className="flex items-center justify-between gap-3">
          <p role="status" className="font-bold">
            {t("catalog.results", { count: total })}
          </p>
          <Button type="button" onClick={onClose}>
            {t("phone.showProducts")}
          </Button>
        </div>
      }
    >
      <CatalogFilters action={action} query={query} categories={categories} inDrawer onApply={onClose} />
    </Drawer>
  );
}
