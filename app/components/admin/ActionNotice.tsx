import { useTranslation } from "~/lib/use-translation";
import { Notice } from "~/components/ui/Notice";
import type { FormNotice } from "~/lib/notice";

/** The refusal an admin action answered with (last admin, not yourself…), above the list. */
export function ActionNotice({ data }: { data: unknown }) {
  const { t } = useTranslation();
  const notice =
    data && typeof data === "object" && "notice" in data ? (data.notice as FormNotice | null) : null;
  if (!notice) return null;
  return <Notice>{String(t(notice.key, notice.params))}</Notice>;
}
