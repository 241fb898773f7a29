import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import type { FormNotice } from "~/lib/notice";

/** Why Cash On Delivery is not among the choices; an unverified shopper is shown how to verify. */
export function CodNotice({ notice }: { notice: FormNotice }) {
  const { t } = useTranslation();
  return (
    <span className="block" data-testid="cod-notice">
      {String(t(notice.key, notice.params))}
      {notice.key === "codControls.verifiedOnly" ? (
        <>
          {" "}
          <Link to="/login/link?redirectTo=/checkout" className="underline underline-offset-4">
            {t("codControls.verifyLink")}
          </Link>
        </>
      ) : null}
    </span>
  );
}
