import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";

// Radix loads on the first hover, focus or click of the trigger, as the kit's ConfirmDialog does.
const loadPanel = () => import("./CancelOrderPanel");
const CancelOrderPanel = lazy(loadPanel);

/**
 * 'Cancel order' opens a confirmation dialog (Radix: focus trapped, Escape closes, focus comes
 * back). It is a link to the confirmation page underneath, which is what a browser without
 * JavaScript follows.
 */
export function CancelOrderDialog({ number }: { number: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <Link
        ref={trigger}
        to={`/orders/${number}/cancel`}
        className={buttonClass({ variant: "danger" })}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t("orders.cancel")}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <CancelOrderPanel number={number} trigger={trigger} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
