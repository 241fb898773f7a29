import type { ReactNode } from "react";

/** A row's short list of names (a token's scopes, a webhook's topics), as small outlined tags. */
export function TagList({ tags }: { tags: { key: string; label: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag.key} className="rounded border border-line px-1.5 text-sm">
          {tag.label}
        </li>
      ))}
    </ul>
  );
}

/** A row's state: bold while it works, in the danger colour otherwise; an optional muted note under it. */
export function StateCell({ ok, label, note }: { ok: boolean; label: string; note?: ReactNode }) {
  return (
    <span className="flex flex-col">
      <span className={ok ? "font-bold" : "text-danger"}>{label}</span>
      {note ? <span className="text-sm text-muted">{note}</span> : null}
    </span>
  );
}
