import { lazy, Suspense, type ReactNode } from "react";
import type { Shell } from "~/lib/shell";
import { PlatformFooter as FooterOnServer, PlatformHeader as HeaderOnServer } from "./PlatformChrome";
import { MAIN_ID, SkipLink } from "./SkipLink";

// Only the platform's own pages have this header and footer, and the root renders every store
// page too: the storefront's start-up script leaves them out (its 110 KB budget, decision 028).
// The server renders them at once; the browser hydrates them when their chunk arrives. The page's
// content is outside their boundaries, so it hydrates with the rest of the document.
const loadChrome = () => import("./PlatformChrome");
const PlatformHeader = import.meta.env.SSR
  ? HeaderOnServer
  : lazy(() => loadChrome().then((module) => ({ default: module.PlatformHeader })));
const PlatformFooter = import.meta.env.SSR
  ? FooterOnServer
  : lazy(() => loadChrome().then((module) => ({ default: module.PlatformFooter })));

/** The platform host's frame (landing, sign-up, staff pages). */
export function PlatformLayout({
  shell,
  year,
  children,
}: {
  shell: Shell;
  year: number;
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <Suspense fallback={null}>
        <PlatformHeader shell={shell} />
      </Suspense>
      <main id={MAIN_ID} tabIndex={-1} className="grow focus:outline-none">
        {children}
      </main>
      <Suspense fallback={null}>
        <PlatformFooter year={year} />
      </Suspense>
    </>
  );
}
