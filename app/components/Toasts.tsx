import { useEffect, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type * as SonnerModule from "sonner";
import { attachToaster, notify, onToastNeeded } from "~/lib/notify";
import type { Theme } from "~/lib/theme";
import type { ToastMessage } from "~/lib/toast";

type Sonner = typeof SonnerModule;

// Flash toasts already shown in this tab: each shows once across revalidations and StrictMode.
const shown = new Set<string>();

/**
 * The toast area (DESIGN §7: 5000 ms, 300–560 px wide) and the server's flash toast, shown once.
 * Sonner is imported on first use (see app/lib/notify.ts).
 */
export function Toasts({
  toast,
  dir,
  theme,
}: {
  toast: ToastMessage | null;
  dir: "ltr" | "rtl";
  theme: Theme;
}) {
  const { t } = useTranslation();
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => onToastNeeded(() => void import("sonner").then(setSonner)), []);

  // Runs after <Toaster> below has mounted and subscribed, so nothing is published into the void.
  useEffect(() => {
    if (!sonner) return;
    return attachToaster(({ type, message }) => sonner.toast[type](message));
  }, [sonner]);

  useEffect(() => {
    if (!toast || shown.has(toast.id)) return;
    shown.add(toast.id);
    notify(toast.type, t(toast.key, toast.params ?? {}));
  }, [toast, t]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      duration={5000}
      dir={dir}
      theme={theme}
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t("toast.notifications")}
      // Sonner stacks toasts at one fixed width; this keeps it between 300 and 560 px.
      style={{ "--width": "clamp(300px, 40vw, 560px)" } as CSSProperties}
      toastOptions={{
        style: { minWidth: 300, maxWidth: 560 },
        closeButtonAriaLabel: t("toast.close"),
      }}
    />
  );
}
