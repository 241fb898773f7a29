import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true from then on (and at once for anything
 * mounted after): lets a component render its no-JavaScript form first (a link, a form) and its
 * scripted one once scripts run, without a hydration mismatch. React renders the server snapshot
 * while hydrating, then the client one.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
