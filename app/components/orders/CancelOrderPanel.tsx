import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { useTranslation } from "~/lib/use-translation";
import { CancelOrderForm } from "./CancelOrderForm";

/** The dialog itself: loaded only once a shopper reaches for 'Cancel order' (keeps Radix out of the page's start-up JavaScript). */
export default function CancelOrderPanel({
  number,
  onClose,
  trigger,
}: {
  number: number;
  onClose: () => void;
  trigger: RefObject<HTMLAnchorElement>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed start-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-page p-6 text-ink shadow-xl rtl:translate-x-1/2"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <Dialog.Title className="text-xl font-extrabold">
            {t("orders.cancelTitle", { number })}
          </Dialog.Title>
          <Dialog.Description className="mt-3">{t("orders.cancelQuestion")}</Dialog.Description>
          <CancelOrderForm number={number} onKeep={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
