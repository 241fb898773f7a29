import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { buttonClass } from "~/components/ui/Button";
import { useHydrated } from "~/lib/use-hydrated";
import { AdminSidebar, type AdminPerson } from "./AdminSidebar";

export const ADMIN_NAV_ID = "admin-nav";

/**
 * The small-screen menu button. Before (or without) JavaScript it is a link to the sidebar, which
 * the layout shows when it is the URL's target; once scripts run it opens the sidebar as a Radix
 * dialog (focus kept inside, Esc and the backdrop close it) sliding in from the start side, so
 * from the right in Arabic.
 */
export function AdminDrawer({ storeName, admin }: { storeName: string; admin: AdminPerson }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = buttonClass({ variant: "ghost", className: "px-3" });
  if (!hydrated) {
    return (
      <a href={`#${ADMIN_NAV_ID}`} className={trigger}>
        <MenuIcon />
        {t("admin.openMenu")}
      </a>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={trigger}>
        <MenuIcon />
        {t("admin.openMenu")}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-y-0 start-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto border-e border-line bg-card text-ink shadow-lg">
          <div className="flex items-center justify-between gap-2 px-4 pt-4">
            <Dialog.Title className="text-lg font-extrabold">{t("admin.menu")}</Dialog.Title>
            <Dialog.Close className={buttonClass({ variant: "ghost", className: "px-3" })}>
              <span aria-hidden="true">×</span>
              <span className="sr-only">{t("admin.closeMenu")}</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("admin.menuDescription")}</Dialog.Description>
          <AdminSidebar storeName={storeName} admin={admin} onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
