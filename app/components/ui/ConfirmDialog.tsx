import { Link, useLocation, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button, buttonClass, type ButtonSize, type ButtonVariant } from "~/components/ui/Button";
import { ConfirmForm } from "~/components/ui/ConfirmForm";
import { useHydrated } from "~/lib/use-hydrated";

// Radix (and the dialog) load on the first hover, focus or click of a trigger: not in the page's
// start-up JavaScript (DESIGN §9), not at all on pages without a ConfirmDialog.
const loadPanel = () => import("~/components/ui/ConfirmDialogPanel");
const ConfirmDialogPanel = lazy(loadPanel);

/** The query parameter that shows a confirmation inline (the no-JavaScript step). */
export const CONFIRM_PARAM = "confirm";

export interface ConfirmDialogProps {
  /** Unique on the page: names this confirmation in `?confirm=`. */
  id: string;
  /** The trigger's text ("Delete"). */
  trigger: string;
  /** The trigger's accessible name when its text alone is ambiguous (one "Block" per table row). */
  triggerLabel?: string;
  /** `sm` in dense table rows. */
  size?: ButtonSize;
  title: string;
  description: string;
  /** The confirming button's text; the trigger's by default. */
  confirmLabel?: string;
  /**
   * The dismissing button's text, "Cancel" by default; a step that is itself a cancellation
   * ("Cancel order") says what dismissing keeps ("Keep order") rather than offer two "Cancel"s.
   */
  dismissLabel?: string;
  /** Hidden fields the confirmed POST sends (intent, ids). */
  fields: Record<string, string>;
  /** Where it posts: the current page's action by default. */
  action?: string;
  tone?: ButtonVariant;
  /** Controls the confirmation asks for, inside its form (a choice to make before confirming). */
  children?: ReactNode;
}

/**
 * Asks before a destructive POST (delete, cancel, refund).
 *
 * With JavaScript the trigger is a button that opens a modal dialog; confirming submits a real
 * <Form method="post"> with the hidden `fields`. Without JavaScript (or before it has loaded) the
 * trigger is a link to the same page with `?confirm=<id>`, where the confirmation shows inline:
 * the same title, description and form, and a Cancel link back. Nothing changes on a GET either
 * way: only the confirming POST acts.
 */
export function ConfirmDialog({
  id,
  trigger,
  triggerLabel,
  size,
  title,
  description,
  confirmLabel = trigger,
  dismissLabel,
  fields,
  action,
  tone = "danger",
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const dismiss = dismissLabel ?? t("admin.cancel");
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();

  const params = new URLSearchParams(search);
  const inline = params.get(CONFIRM_PARAM) === id;
  params.delete(CONFIRM_PARAM);
  const query = params.toString();
  const backHref = query ? `${pathname}?${query}` : pathname;
  params.set(CONFIRM_PARAM, id);
  const confirmHref = `${pathname}?${params}`;
  // The POST goes to the page without `?confirm=`, so its answer is the page as it was.
  const target = action ?? backHref;

  // Close once the confirmed submission has finished (its page has loaded or failed). Only a
  // submission made while the dialog is open counts: the "loading" tail of an earlier POST (its
  // loaders revalidating, while the page already shows its answer) must not close a dialog
  // opened meanwhile when it ends (variant-csv.spec saw the dialog vanish under load).
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") submitted.current = open;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      setOpen(false);
    }
  }, [navigation.state, open]);

  if (inline) {
    return (
      <section
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="rounded-lg border border-line bg-card p-4"
      >
        <h2 id={`${id}-title`} className="text-xl font-extrabold">
          {title}
        </h2>
        <p id={`${id}-description`} className="mt-2 text-muted">
          {description}
        </p>
        <ConfirmForm
          action={target}
          fields={fields}
          confirmLabel={confirmLabel}
          tone={tone}
          cancel={
            <Link to={backHref} className={buttonClass({ variant: "secondary" })}>
              {dismiss}
            </Link>
          }
        >
          {children}
        </ConfirmForm>
      </section>
    );
  }

  if (!hydrated) {
    return (
      <Button to={confirmHref} variant={tone} size={size} aria-label={triggerLabel} preventScrollReset>
        {trigger}
      </Button>
    );
  }

  return (
    <>
      <Button
        type="button"
        variant={tone}
        size={size}
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        {trigger}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialogPanel
            title={title}
            description={description}
            action={target}
            fields={fields}
            confirmLabel={confirmLabel}
            dismissLabel={dismiss}
            tone={tone}
            onClose={() => setOpen(false)}
          >
            {children}
          </ConfirmDialogPanel>
        </Suspense>
      ) : null}
    </>
  );
}
