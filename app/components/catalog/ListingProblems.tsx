import { useTranslation } from "~/lib/use-translation";
import { Notice } from "../ui/Notice";

/** What the server changed in the query it was given (see parseCatalogQuery). */
export function ListingProblems({ problems }: { problems: string[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Notice tone="info">
      <p className="font-bold">{t("catalog.problems.intro")}</p>
      <ul className="mt-1 list-disc ps-5">
        {problems.map((problem) => (
          <li key={problem}>{t(`catalog.problems.${problem}`)}</li>
        ))}
      </ul>
    </Notice>
  );
}
