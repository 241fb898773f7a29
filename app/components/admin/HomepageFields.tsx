/** The homepage settings page's parts: the hero preview and the featured categories/products picks. */
import type { ReactNode } from "react";
import { FieldError } from "~/components/ui/Field";
import { Checkbox } from "~/components/ui/Checkbox";
import { localeName } from "~/lib/localized-name";
import type { FeaturedChoice } from "~/services/store/contract";

/** The home page's hero as shoppers see it (Arabic falls back to the English text when empty). */
export function HeroPreview({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden bg-primary px-4 py-8 text-on-primary">
      {children}
      {children ? <div className="absolute inset-0 -z-10 bg-primary/75" /> : null}
      <p className="text-2xl font-extrabold">{title}</p>
      {subtitle ? <p className="mt-2">{subtitle}</p> : null}
    </div>
  );
}

/** A group of checkboxes, one per category or product, scrolling when long. */
export function FeaturedPicks({
  name,
  legend,
  hint,
  choices,
  ticked,
  errors,
  language,
}: {
  name: string;
  legend: string;
  hint: string;
  choices: FeaturedChoice[];
  ticked: Set<string>;
  errors: string[] | null | undefined;
  language: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={`${name}-hint ${errorId}`} className="flex min-w-0 flex-col gap-1">
      <legend className="font-bold">{legend}</legend>
      <p id={`${name}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <div className="grid max-h-72 gap-x-4 overflow-y-auto rounded-md border border-line p-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <label key={choice.id} className="flex min-h-11 items-center gap-2">
            <Checkbox name={name} value={choice.id} defaultChecked={ticked.has(choice.id)} />
            <span dir="auto">{localeName(choice, language)}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} errors={errors ?? undefined} />
    </fieldset>
  );
}
