import { useMatches } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";
import { useTranslation } from "~/lib/use-translation";
import type * as SonnerModule from "sonner";
import { attachToaster, notify, onToastNeeded } from "~/lib/notify";
import { useOptionalRootData } from "~/lib/root-data";
import type { Theme } from "~/lib/theme";
import type { ToastMessage } from "~/lib/toast";

type Sonner = typeof SonnerModule;

// Flash toasts already shown in this tab: each shows once across revalidations and StrictMode.
const shown = new Set<string>();

/**
 * The toast area (DESIGN §7: 5000 ms, 300–560 px wide) and the server's flash toast, shown once.
 * Sonner is imported on first use (see app/lib/notify.ts). On the storefront toasts rise from
 * the bottom, so they never cover the header (its cart link, right after 'Product Added in
 * Shopping Cart'); the admin and platform pages keep them at the top.
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
  const atBottom = useStorefront();

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
          className={`fixed inset-x-4 ${atBottom ? "bottom-4" : "top-4"} z-50 mx-auto w-fit max-w-[560px] min-w-[300px] rounded-md border border-line bg-card px-4 py-3 font-bold shadow-lg`}
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
      position={atBottom ? "bottom-center" : "top-center"}
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

/** A store page in the store's own frame (not the admin area, which brings its own). */
function useStorefront(): boolean {
  const storeSite = useOptionalRootData()?.site.kind === "store";
  const ownFrame = useMatches().some(
    (match) => (match.handle as { chrome?: boolean } | undefined)?.chrome === false,
  );
  return storeSite && !ownFrame;
}
