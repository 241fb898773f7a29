import { useActionData } from "@remix-run/react";
import type { ZodTypeAny } from "zod";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";

/**
 * A settings or edit page's one form (SettingsPage, EditPage): the action's answer, whether the
 * save is on its way, and the form wired to its schema from the loader's values. `reply` is the
 * answer's form reply, or none when the action answered without one (an image the page refused
 * says so in a notice). `values` is what checkboxes and pickers start from: the refused submit's
 * values, else the loader's.
 */
export function useSettingsForm<Action>(
  loadSchema: () => Promise<ZodTypeAny>,
  options: Parameters<typeof useSchemaForm>[2],
) {
  const actionData = useActionData<Action>();
  const pending = useFormPending({ method: "post" });
  const reply =
    actionData && typeof actionData === "object" && "result" in actionData
      ? (actionData.result as FormReply | null)
      : null;
  const form = useSchemaForm(loadSchema, reply, options);
  const values = (reply?.initialValue ?? options?.defaultValue ?? {}) as Record<string, unknown>;
  return { actionData, reply, pending, form, values };
}
