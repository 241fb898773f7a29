import type { ReactNode } from "react";

/** The frame of the account pages: a narrow card with a heading. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-lg border border-line bg-page p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {intro ? <div className="mt-2 text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
