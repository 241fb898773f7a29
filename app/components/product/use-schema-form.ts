import { useCallback, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { ZodTypeAny } from "zod";

/** Field name → locale keys of its errors, as conform's `submission.reply()` sends them. */
export type FieldErrorMap = Record<string, string[] | null | undefined>;

/**
 * Validation as you type with the same zod schema the action uses, without a form library in
 * the page's JavaScript (the product and cart pages are at the edge of the 110 KB budget, and
 * conform alone is ~10 KB). The schema loads on the form's first focus; until then, and without
 * JavaScript, the server's answer (`serverErrors`) shows the errors. A field is checked once it
 * has been left, then on every input; the whole form on submit, which is stopped while invalid.
 */
export function useSchemaForm(
  loadSchema: () => Promise<ZodTypeAny>,
  serverErrors: FieldErrorMap | null | undefined,
) {
  const [errors, setErrors] = useState<FieldErrorMap>(serverErrors ?? {});
  const schema = useRef<ZodTypeAny | null>(null);
  const requested = useRef(false);
  const touched = useRef(new Set<string>());

  // A new answer from the server replaces whatever the browser found (state adjusted while
  // rendering, as React recommends over an effect).
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setErrors(serverErrors ?? {});
  }

  const validate = useCallback((form: HTMLFormElement, fields?: Set<string>): boolean => {
    if (!schema.current) return true;
    const result = schema.current.safeParse(Object.fromEntries(new FormData(form)));
    const found: FieldErrorMap = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const name = String(issue.path[0] ?? "");
        (found[name] ??= []).push(issue.message);
      }
    }
    setErrors((current) => {
      if (!fields) return found;
      const next = { ...current };
      for (const name of fields) next[name] = found[name];
      return next;
    });
    return result.success;
  }, []);

  const fieldName = (event: { target: EventTarget }) => (event.target as HTMLInputElement).name || "";

  const formProps = {
    noValidate: true,
    onFocus: () => {
      if (requested.current) return;
      requested.current = true;
      void loadSchema().then((loaded) => {
        schema.current = loaded;
      });
    },
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const name = fieldName(event);
      if (!name) return;
      touched.current.add(name);
      validate(event.currentTarget, new Set([name]));
    },
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const name = fieldName(event);
      if (touched.current.has(name)) validate(event.currentTarget, new Set([name]));
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      // Remix's <Form> skips submitting when the event was prevented.
      if (!validate(event.currentTarget)) event.preventDefault();
    },
  };

  /** Attributes tying an input to its error message. */
  const fieldProps = (name: string, errorId: string) => ({
    name,
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": errorId,
  });

  return { errors, formProps, fieldProps };
}
