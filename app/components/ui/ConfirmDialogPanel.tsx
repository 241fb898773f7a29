import * as Dialog from "@radix-ui/react-dialog";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmForm, type ConfirmFormProps } from "~/components/ui/ConfirmForm";

/**
 * The scripted confirmation: a modal dialog (Radix: focus kept inside, Esc and the overlay close
 * it, focus goes back to the trigger). Loaded on demand by ConfirmDialog, so Radix is only in the
 * JavaScript of a page once someone is about to confirm something there.
 */
export default function ConfirmDialogPanel({
  title,
  description,
  dismissLabel,
  onClose,
  ...form
}: Omit<ConfirmFormProps, "cancel"> & {
  title: string;
  description: string;
  dismissLabel: string;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-lg -translate-y-1/2 rounded-lg border border-line bg-page p-6 text-ink shadow-lg">
          <Dialog.Title className="text-xl font-extrabold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description>
          <ConfirmForm
            {...form}
            cancel={
              <Dialog.Close type="button" className={buttonClass({ variant: "secondary" })}>
                {dismissLabel}
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
