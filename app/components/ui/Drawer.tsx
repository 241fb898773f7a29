import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { Icon } from "~/components/icons";
import { buttonClass } from "./Button";

/**
 * A panel sliding in from the start side (the right in Arabic) over a dimmed page: a Radix modal
 * dialog, so focus stays inside, Esc and the backdrop close it, and the rest of the page is hidden
 * from screen readers meanwhile. Mounted open and unmounted to close; focus then goes back to
 * `returnFocusTo` (the button that opened it). Import it only from modules loaded on demand, so
 * Radix stays out of a storefront page's start-up JavaScript (DESIGN §9).
 */
export function Drawer({
  title,
  description,
  closeLabel,
  onClose,
  returnFocusTo,
  footer,
  children,
}: {
  title: string;
  description: string;
  closeLabel: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement>;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="drawer-in fixed inset-y-0 start-0 z-50 flex w-80 max-w-[88vw] flex-col border-e border-line bg-page text-ink shadow-lg"
        >
          <div className="flex min-h-14 items-center justify-between gap-2 border-b border-line ps-4 pe-1">
            <Dialog.Title className="text-lg font-extrabold">{title}</Dialog.Title>
            <Dialog.Close
              className={buttonClass({ variant: "ghost", className: "w-11 px-0" })}
              aria-label={closeLabel}
            >
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          <div className="grow overflow-y-auto p-4">{children}</div>
          {footer ? <div className="border-t border-line p-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
