import { useFormAction, useNavigation, type Navigation } from "@remix-run/react";

/** Which submission a form makes: where it posts, how, and (when several forms share one action) its intent. */
export interface FormTarget {
  /** The form's resolved action (useFormAction's answer), path and query. */
  action: string;
  /** "get" or "post"; compared without regard to case. */
  method?: string;
  /** The value of the form's `intent` field, when the page has more than one form for one action. */
  intent?: string;
}

/**
 * Whether the page's navigation is this form's own submission, from the moment it is sent until
 * the page has its answer (the action, then the revalidating loaders or the redirect's page). A
 * link followed meanwhile, or another form on the page, does not count: `navigation.state` alone
 * would disable every form whenever anything moves.
 */
export function isFormPending(
  navigation: Pick<Navigation, "state" | "formAction" | "formMethod" | "formData">,
  form: FormTarget,
): boolean {
  if (navigation.state === "idle" || !navigation.formAction || !navigation.formMethod) return false;
  if (navigation.formMethod.toLowerCase() !== (form.method ?? "get").toLowerCase()) return false;
  if (pathOf(navigation.formAction) !== pathOf(form.action)) return false;
  if (form.intent !== undefined && navigation.formData?.get("intent") !== form.intent) return false;
  return true;
}

// A GET form's submission carries the fields as its query, so paths are compared without it;
// Remix's `?index` marker is the one query part that tells two actions apart.
function pathOf(action: string): string {
  const url = new URL(action, "http://x");
  return url.searchParams.has("index") ? `${url.pathname}?index` : url.pathname;
}

/**
 * Per-form pending state for a <Form>: pass what the form has (`method`, `action` if it sets one,
 * `intent` if it sends one). For a fetcher, `fetcher.state !== "idle"` already is per form.
 *
 *   const pending = useFormPending({ method: "post" });
 *   <Form method="post">…<Button disabled={pending}>Save</Button></Form>
 */
export function useFormPending({
  action,
  method = "get",
  intent,
}: { action?: string; method?: string; intent?: string } = {}) {
  const navigation = useNavigation();
  // Resolved the way <Form> resolves its own action, so the two compare equal.
  const resolved = useFormAction(action);
  return isFormPending(navigation, { action: resolved, method, intent });
}
