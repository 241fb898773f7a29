import { formatInZone } from "~/lib/time-zone";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";

/** A moment as the admin reads it: date and time in the store's time zone, in a `<time>`. */
export function StoreDateTime({ iso, className }: { iso: string; className?: string }) {
  const { i18n } = useTranslation();
  const timeZone = useStoreTimeZone();
  return (
    <time dateTime={iso} className={className}>
      {formatInZone(iso, i18n.language, timeZone, "dateTime")}
    </time>
  );
}
