import type { ReactNode } from "react";

/** The common frame of an admin page's content: its heading and the page's own parts below. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      {children}
    </section>
  );
}
