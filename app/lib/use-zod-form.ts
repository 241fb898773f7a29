import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod";
import { useCallback, useRef, useState, type FocusEventHandler } from "react";
import type { z } from "zod";

type Constraint = Parameters<typeof useForm>[0] extends infer O
  ? O extends { constraint?: infer C }
    ? C
    : never
  : never;
type ParseWithZod = typeof parseWithZod;

/**
 * The one way forms are wired: the same zod schema validates on the server and, as you type,
 * in the browser. The browser's copy of the schema (and zod) is loaded on the form's first
 * focus, so pages with a form stay within the JavaScript budget (DESIGN §9); until then, and
 * without JavaScript, the server's answer shows the errors. `constraint` comes from the loader
 * (formConstraint), so server and browser render the same field attributes.
 *
 * Spread `onFocus` on the <Form>.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(
  loadSchema: () => Promise<Schema>,
  constraint: Constraint,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { id?: string; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  const [loaded, setLoaded] = useState<{ schema: Schema; parse: ParseWithZod } | null>(null);
  const requested = useRef(false);
  const onFocus: FocusEventHandler<HTMLFormElement> = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    void Promise.all([loadSchema(), import("@conform-to/zod")]).then(([schema, { parseWithZod }]) =>
      setLoaded({ schema, parse: parseWithZod }),
    );
  }, [loadSchema]);
  const [form, fields] = useForm<z.input<Schema>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint,
    // Without the schema conform would validate on the server, one POST per blur (each counting
    // against the rate limit): until it has loaded, only a real submit goes to the server.
    shouldValidate: loaded ? "onBlur" : "onSubmit",
    shouldRevalidate: loaded ? "onInput" : "onSubmit",
    onValidate: loaded ? ({ formData }) => loaded.parse(formData, { schema: loaded.schema }) : undefined,
  });
  return [form, fields, { onFocus }] as const;
}
