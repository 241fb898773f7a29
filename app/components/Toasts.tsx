import { useEffect, useState, type CSSProperties } from "react";
import { useTranslation } from "~/lib/use-translation";
import type * as SonnerModule from "sonner";
import { attachToaster, notify, onToastNeeded } from "~/lib/notify";
import type { Theme } from "~/lib/theme";
import type { ToastMessage } from "~/lib/toast";

type Sonner = typeof SonnerModule;

// Flash toasts already shown in this tab: each shows once across revalidations and StrictMode.
const shown = new Set<string>();

/**
 * The toast area (DESIGN §7: 5000 ms, 300–560 px wide) and the server's flash toast, shown once.
 * Sonner is imported on first use (see app/lib/notify.ts). Toasts rise from the bottom on every
 * page, so they never cover a page's title or the storefront's header (its cart link, right
 * after 'Product Added in Shopping Cart'), nor the admin's top bar on a phone.
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

  if (!sonner) {
    // Without JavaScript the flash toast still reaches the shopper, as a plain status line.
    return toast ? (
      <noscript>
        <p
          role="status"
          className="fixed inset-x-4 bottom-4 z-50 mx-auto w-fit max-w-[560px] min-w-[300px] rounded-md border border-line bg-card px-4 py-3 font-bold shadow-lg"
        >
          {t(toast.key, toast.params ?? {})}
        </p>
      </noscript>
    ) : null;
  }
  const { Toaster } = sonner;
  return (
    <Toaster
      duration={5000}
      dir={dir}
      theme={theme}
      position="bottom-center"
      richColors
      closeButton
      containerAriaLabel={t("toast.notifications")}
      // Sonner stacks toasts at one fixed width; this keeps it between 300 and 560 px.
      style={{ "--width": "clamp(300px, 40vw, 560px)", fontFamily: "var(--font-sans)" } as CSSProperties}
      toastOptions={{
        style: { minWidth: 300, maxWidth: 560, fontSize: "0.9375rem" },
        closeButtonAriaLabel: t("toast.close"),
      }}
    />
  );
}
