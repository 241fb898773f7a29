/**
 * Client-side toasts. Sonner is loaded only when the first toast is due, so pages that never
 * toast do not pay for it (storefront JS budget, DESIGN §9). Call `notify()` from event
 * handlers or effects with an already translated message; server-side toasts use
 * `redirectWithToast` (app/lib/toast.server.ts) instead.
 */
import type { ToastType } from "./toast";

export interface Notification {
  type: ToastType;
  message: string;
}

type Show = (notification: Notification) => void;

const queue: Notification[] = [];
let show: Show | null = null;
let onFirstNeed: (() => void) | null = null;

export function notify(type: ToastType, message: string): void {
  if (typeof document === "undefined") return; // toasts are a browser affair
  if (show) return show({ type, message });
  queue.push({ type, message });
  onFirstNeed?.();
}

/** Used by <Toasts>: `load` runs when a toast is first needed. */
export function onToastNeeded(load: () => void): () => void {
  onFirstNeed = load;
  if (queue.length > 0) load();
  return () => {
    if (onFirstNeed === load) onFirstNeed = null;
  };
}

/** Used by <Toasts> once the toaster is mounted: shows what waited and everything after. */
export function attachToaster(next: Show): () => void {
  show = next;
  for (const notification of queue.splice(0)) next(notification);
  return () => {
    if (show === next) show = null;
  };
}
