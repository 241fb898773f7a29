import { useActionData, useFormAction, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { BULK_FIELD } from "~/lib/bulk";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/lib/use-translation";

/** What a bulk bar's buttons get: the rows chosen now (with JavaScript) and whether to hold off. */
export interface BulkBarState {
  formId: string;
  /** The chosen rows' ids (empty before scripts run: the form still sends the ticked boxes). */
  selected: string[];
  /** Nothing chosen (with JavaScript), or the bar's form is being sent: its buttons wait. */
  disabled: boolean;
}

/**
 * The bar above a list whose rows have checkboxes (DataTable's `selection`): "select all on this
 * page", how many are chosen (announced as it changes), and the page's actions on them.
 *
 * The checkboxes and the buttons belong to one form (`form={formId}`) that posts to the list's own
 * action, so everything works without JavaScript: tick rows, press an action, and the page comes
 * back with what was done and what was refused. Buttons that open another page instead (printing,
 * an export) are GET submit buttons with their own `formAction`; they keep the browser's own
 * navigation. With JavaScript a POST goes through Remix (no page reload), and the choice is
 * cleared once its answer is in.
 */
export function BulkBar({
  formId,
  rowIds,
  label,
  children,
}: {
  formId: string;
  /** The ids of the rows on this page, in order. */
  rowIds: readonly string[];
  /** Names the bar for screen readers ("Actions on the selected orders"). */
  label: string;
  children: (state: BulkBarState) => ReactNode;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const action = useFormAction();
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData();
  const selected = useCheckedIds(formId);
  const allRef = useRef<HTMLInputElement>(null);

  // An action answered: its rows are done with, so the choice starts again.
  const answered = useRef(actionData);
  useEffect(() => {
    if (answered.current === actionData) return;
    answered.current = actionData;
    setBoxes(formId, false);
  }, [actionData, formId]);

  const all = rowIds.length > 0 && selected.length === rowIds.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selected.length > 0 && !all;
  }, [selected.length, all]);

  const sending = navigation.state === "submitting" && navigation.formData?.has(BULK_FIELD) === true;
  return (
    <section
      aria-label={label}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line bg-card p-3"
    >
      <form
        id={formId}
        method="post"
        action={action}
        onSubmit={(event) => {
          const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
          // Printing and exporting open their own page or download: the browser's navigation.
          if (!(submitter instanceof HTMLButtonElement) || submitter.formMethod === "get") return;
          event.preventDefault();
          submit(submitter, { method: "post", action, preventScrollReset: true });
        }}
      />
      {hydrated ? (
        <label className="inline-flex min-h-11 items-center gap-2 font-bold">
          <input
            ref={allRef}
            type="checkbox"
            className="size-5 accent-primary"
            checked={all}
            disabled={rowIds.length === 0}
            onChange={(event) => setBoxes(formId, event.currentTarget.checked)}
          />
          {t("admin.bulk.selectAll")}
        </label>
      ) : null}
      <p role="status" className="min-w-24 text-muted">
        {hydrated ? t("admin.bulk.selected", { count: selected.length }) : t("admin.bulk.hint")}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {children({ formId, selected, disabled: (hydrated && selected.length === 0) || sending })}
      </div>
    </section>
  );
}

/** Said on the document when a script (not a person) ticks or clears the boxes. */
const BOXES_CHANGED = "bulk-boxes-changed";

function boxesOf(formId: string): HTMLInputElement[] {
  return Array.from(
    document.querySelectorAll<HTMLInputElement>(
      `input[type="checkbox"][form="${formId}"][name="${BULK_FIELD}"]`,
    ),
  );
}

/** Ticks or clears every row's box on the page. */
function setBoxes(formId: string, checked: boolean) {
  for (const box of boxesOf(formId)) box.checked = checked;
  document.dispatchEvent(new Event(BOXES_CHANGED));
}

/**
 * The ids of the rows whose boxes are ticked: the boxes themselves are the truth (they work
 * before scripts, and a page of rows replaces them), read again on every change and render.
 */
function useCheckedIds(formId: string): string[] {
  const subscribe = useCallback(
    (notify: () => void) => {
      const onChange = (event: Event) => {
        const target = event.target;
        if (target instanceof HTMLInputElement && target.getAttribute("form") === formId) notify();
      };
      document.addEventListener("change", onChange);
      document.addEventListener(BOXES_CHANGED, notify);
      return () => {
        document.removeEventListener("change", onChange);
        document.removeEventListener(BOXES_CHANGED, notify);
      };
    },
    [formId],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () =>
      boxesOf(formId)
        .flatMap((box) => (box.checked ? [box.value] : []))
        .join(","),
    () => "",
  );
  return useMemo(() => (snapshot ? snapshot.split(",") : []), [snapshot]);
}
