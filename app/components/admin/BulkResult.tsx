import { Notice } from "~/components/ui/Notice";
import type { BulkItem, BulkOutcome } from "~/lib/bulk";
import { useTranslation } from "~/lib/use-translation";

/**
 * What a bulk action did, above the list: the rows done ("Marked as shipped: #1042, #1041"), kept
 * otherwise (archived products), and each row left as it was with its reason. `texts` is the
 * list's prefix: `${texts}.bulk.done.<action>` says what was done; a refusal's reason is
 * `reasonKey(reason)`, "notFound" being the bar's own.
 */
export function BulkResult({
  data,
  texts,
  reasonKey,
}: {
  data: unknown;
  texts: string;
  reasonKey: (reason: string) => string;
}) {
  const { t } = useTranslation();
  const outcome =
    data && typeof data === "object" && "bulk" in data ? (data.bulk as BulkOutcome | undefined) : undefined;
  if (!outcome) return null;
  const { action, done, refused, archived = [], params } = outcome;
  const changed = done.length + archived.length;
  return (
    <Notice tone={changed === 0 ? "error" : "info"}>
      <div className="flex flex-col gap-2" data-testid="bulk-result">
        {done.length > 0 ? (
          <p>
            {t(`${texts}.bulk.done.${action}`, params)} <Items items={done} />
          </p>
        ) : null}
        {archived.length > 0 ? (
          <p>
            {t(`${texts}.bulk.archived`)} <Items items={archived} />
          </p>
        ) : null}
        {refused.length > 0 ? (
          <div>
            <p className="font-bold">{t("admin.bulk.notChanged")}</p>
            <ul className="list-disc ps-6">
              {refused.map((item) => (
                <li key={item.id}>
                  {item.label === null ? t("admin.bulk.unknownItem") : <bdi>{item.label}</bdi>}
                  {t("admin.bulk.reasonSeparator")}
                  {t(item.reason === "notFound" ? "admin.bulk.notFound" : reasonKey(item.reason))}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Notice>
  );
}

/** The rows' names, each isolated (an English name or "#1042" inside an Arabic sentence). */
function Items({ items }: { items: BulkItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      {items.map((item, index) => (
        <span key={item.id}>
          {index > 0 ? t("admin.bulk.listSeparator") : null}
          <bdi className="font-bold">{item.label}</bdi>
        </span>
      ))}
    </>
  );
}
