import { Form, useSearchParams } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Icon } from "./icons";

/** A plain GET form to the catalogue (`/products?q=`), so search works without JavaScript. */
export function SearchForm({ id: formId, className = "" }: { id?: string; className?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = useId();
  return (
    <Form
      id={formId}
      method="get"
      action="/products"
      role="search"
      className={`flex min-w-0 items-stretch ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        {t("header.search.label")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={params.get("q") ?? ""}
        placeholder={t("header.search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-11 min-w-0 grow rounded-s-md border border-line bg-field px-3 text-ink placeholder:text-muted"
      />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-e-md bg-primary px-4 font-bold text-on-primary hover:opacity-90 sm:px-3"
      >
        {/* From 640 px, in the header's one row, the icon alone (the text stays for screen readers). */}
        <span className="sm:sr-only">{t("header.search.submit")}</span>
        <span className="max-sm:hidden">
          <Icon name="search" size={20} />
        </span>
      </button>
    </Form>
  );
}
