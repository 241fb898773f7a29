import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";

export interface GettingStartedItem {
  key: string;
  to: string;
  done: boolean;
}

/** The dashboard's checklist for a new store: each step links to its page, ticked once done. */
export function GettingStarted({ steps }: { steps: GettingStartedItem[] }) {
  const { t } = useTranslation();
  const left = steps.filter((step) => !step.done).length;
  if (left === 0) return null;
  return (
    <section aria-labelledby="getting-started" className="rounded-lg border border-line bg-card p-5">
      <h2 id="getting-started" className="text-xl font-extrabold">
        {t("gettingStarted.title")}
      </h2>
      <p className="mt-1 text-muted">
        {t("gettingStarted.progress", { done: steps.length - left, total: steps.length })}
      </p>
      <ol className="mt-4 flex flex-col gap-2">
        {steps.map((step) => (
          <li key={step.key} className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className={
                step.done
                  ? "inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-on-primary"
                  : "inline-flex size-7 shrink-0 items-center justify-center rounded-full border-2 border-line"
              }
            >
              {step.done ? "✓" : ""}
            </span>
            <Link
              to={step.to}
              className={
                step.done
                  ? "text-muted line-through underline-offset-4 hover:underline"
                  : "font-bold text-primary-ink underline underline-offset-4"
              }
            >
              {t(`gettingStarted.steps.${step.key}`)}
            </Link>
            <span className="sr-only">{step.done ? t("gettingStarted.done") : t("gettingStarted.todo")}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
