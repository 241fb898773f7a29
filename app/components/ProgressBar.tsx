import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

// Navigations quicker than this never show the bar, so fast pages do not flicker.
const SHOW_AFTER_MS = 120;
// How long the finished bar stays (full width, fading) before it resets.
const FADE_MS = 500;

/** A thin bar at the top of the page while a route change loads (styles in app.css). */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setShown(busy), busy ? SHOW_AFTER_MS : FADE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const state = !shown ? "idle" : busy ? "loading" : "done";
  // Decorative: screen readers get the new page's title and content instead.
  return <div className="progress-bar" data-state={state} aria-hidden="true" />;
}
