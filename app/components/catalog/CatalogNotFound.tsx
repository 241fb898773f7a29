import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";

/** 'Categorie Not Found' / 'Sub Category Not Found' (SPEC §8), with a way back to the categories. */
export function CatalogNotFound({ what }: { what: "category" | "subCategory" }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-primary-ink" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">{t(`notFound.${what}`)}</h1>
      <p className="mt-3 text-lg text-muted">{t(`catalog.notFound.${what}Message`)}</p>
      <Button to="/categories" className="mt-8">
        {t("catalog.notFound.browse")}
      </Button>
    </section>
  );
}
