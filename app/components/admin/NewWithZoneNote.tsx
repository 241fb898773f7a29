import { Button } from "~/components/ui/Button";
import { isolate } from "~/lib/bidi";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";

/** Above a list of dated records (sales, discount codes): its "New" button and the time zone its dates are in. */
export function NewWithZoneNote({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  const timeZone = useStoreTimeZone();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Button to={to}>{label}</Button>
      <p className="text-sm text-muted">{t("timeZone.note", { timeZone: isolate(timeZone) })}</p>
    </div>
  );
}
