import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

// Navigations quicker than this never show the bar, so fast pages do not flicker.
const SHOW_AFTER_MS = 120;
const FADE_MS = 500;

/** A thin bar at the top of the page while a route change loads (styles in app.css). */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [state, setState] = useState<"idle" | "loading" | "done">("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setState("loading"), SHOW_AFTER_MS);
      return () => clearTimeout(timer);
    }
    setState((current) => (current === "loading" ? "done" : current));
  }, [busy]);

  useEffect(() => {
    if (state !== "done") return;
    const timer = setTimeout(() => setState("idle"), FADE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // Decorative: screen readers get the new page's title and content instead.
  return <div className="progress-bar" data-state={state} aria-hidden="true" />;
}
