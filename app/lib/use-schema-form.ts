import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { ZodTypeAny } from "zod";
import { formatPath, INTENT_FIELD, parseFormValue, valueAt } from "~/lib/form-value";
import type { FormNotice } from "~/lib/notice";

/** Field name → locale keys of its errors ("" for the whole form), as conform's `reply()` has them. */
export type FieldErrorMap = Record<string, string[] | null | undefined>;

/**
 * An action's answer to a form it refused: conform's `submission.reply()` on the server, as the
 * page receives it. `initialValue` is what was sent, less hidden fields (passwords).
 */
export interface FormReply {
  error?: FieldErrorMap | null;
  initialValue?: Record<string, unknown> | null;
}

/** What a schema form's component gets from its page: the browser's checks and the last answer. */
export interface SchemaFormProps {
  constraint: Record<string, FieldConstraint>;
  result: FormReply | null | undefined;
  notice: FormNotice | null | undefined;
}

/** The HTML constraints of one field, computed from the schema on the server (formConstraint). */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
}

/** Everything a labelled field needs: ids, its errors (locale keys) and its input's attributes. */
export interface FieldState {
  id: string;
  errorId: string;
  errors: string[] | undefined;
  input: FieldConstraint & {
    id: string;
    name: string;
    defaultValue?: string;
    "aria-invalid"?: true;
    "aria-describedby": string;
  };
}

interface Options {
  /** The form's id (one is made up otherwise); field ids derive from it. */
  id?: string;
  /** From the loader: `formConstraint(schema)`, so both renders have the schema's attributes. */
  constraint?: Record<string, FieldConstraint>;
  /**
   * Values to start from when there is no answer yet (a signed-in shopper's name…); nested for
   * nested and list fields (`{ images: [{ alt: "…" }] }`), as conform's initialValue is.
   */
  defaultValue?: Record<string, unknown>;
}

/**
 * The one way forms are wired (ADR 006). The same zod schema validates in the action (conform's
 * parseWithZod + reply()) and, as you type, in the browser, without a form library in the page's
 * JavaScript. The browser's copy of the schema (and zod) loads on the form's first focus, so pages
 * stay within the JavaScript budget (DESIGN §9); until then, and without JavaScript, the server's
 * answer (`reply`) shows the errors and refills the fields. A field is checked once it has been
 * left, then on every input; the whole form on submit (every field as you type from then on),
 * which is stopped while invalid and moves focus to the first field in error, as a server answer
 * with errors does.
 *
 * Spread `formProps` on the <Form>; `field(name)` for a <Field>, or `fieldProps(name, errorId)`
 * on an input whose other attributes the component sets itself.
 *
 * Nested and list fields (ADR 012) are named as conform names them (`images[0].alt`): the form is
 * parsed into the schema's nested shape (parseFormValue), errors are keyed by the same names, and
 * `list(name)` gives the rows to render. A submit button named `__intent__` (listIntent) adds or
 * removes a row on the server and is never stopped by the browser's checks.
 */
export function useSchemaForm(
  loadSchema: () => Promise<ZodTypeAny>,
  reply: FormReply | null | undefined,
  options: Options = {},
) {
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrorMap>(reply?.error ?? {});
  const schema = useRef<ZodTypeAny | null>(null);
  const requested = useRef(false);
  const touched = useRef(new Set<string>());

  // A new answer from the server replaces whatever the browser found (state adjusted while
  // rendering, as React recommends over an effect).
  const [answered, setAnswered] = useState(reply);
  if (answered !== reply) {
    setAnswered(reply);
    setErrors(reply?.error ?? {});
  }

  // …and, like a refused submit in the browser, takes focus to its first field in error. The
  // answer the page was rendered with (a submit without JavaScript) is left alone.
  const focusedFor = useRef(reply);
  useEffect(() => {
    if (focusedFor.current === reply) return;
    focusedFor.current = reply;
    if (formRef.current && reply?.error) focusFirstInvalid(formRef.current, reply.error);
  }, [reply]);

  /**
   * Checks the form (or only `fields`) against the schema; null until the schema has loaded. On
   * submit the button pressed is part of the form's value (`intent` of a form with two buttons).
   */
  const validate = (
    form: HTMLFormElement,
    fields?: Set<string>,
    submitter?: HTMLElement | null,
  ): FieldErrorMap | null => {
    if (!schema.current) return null;
    const found = schemaErrors(schema.current, new FormData(form, submitter ?? null));
    setErrors((current) => {
      if (!fields) return found;
      const next = { ...current };
      for (const name of fields) next[name] = found[name];
      return next;
    });
    return found;
  };

  const fieldName = (event: { target: EventTarget }) => (event.target as HTMLInputElement).name || "";
  /**
   * The form a field event is about: the field's own form when it is this one, also for handlers
   * spread on a wrapper around inputs tied to the form by their `form` attribute (a table of rows).
   */
  const formOf = (event: { target: EventTarget; currentTarget: EventTarget }) => {
    if (event.currentTarget instanceof HTMLFormElement) return event.currentTarget;
    const form = (event.target as HTMLInputElement).form;
    return form?.id === formId ? form : null;
  };

  const formProps = {
    id: formId,
    ref: formRef,
    // The messages are the SPEC's, translated, from the schema: never the browser's own bubbles.
    noValidate: true,
    onFocus: () => {
      if (requested.current) return;
      requested.current = true;
      void loadSchema().then((loaded) => {
        schema.current = loaded;
        // A field left before the schema came is checked now, not only on its next input.
        if (formRef.current) validate(formRef.current, touched.current);
      });
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const name = fieldName(event);
      const form = formOf(event);
      if (!name || !form) return;
      touched.current.add(name);
      validate(form, new Set([name]));
    },
    onInput: (event: FormEvent<HTMLElement>) => {
      const name = fieldName(event);
      const form = formOf(event);
      if (form && touched.current.has(name)) validate(form, new Set([name]));
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      // Adding or removing a row of a list is not a submission of the form's values.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute("name") === INTENT_FIELD) return;
      // From the first submit on, every field is checked as it is typed in.
      for (const element of Array.from(event.currentTarget.elements)) {
        const name = (element as HTMLInputElement).name;
        if (name) touched.current.add(name);
      }
      const found = validate(event.currentTarget, undefined, submitter);
      if (!found || Object.keys(found).length === 0) return;
      // Remix's <Form> skips submitting when the event was prevented.
      event.preventDefault();
      focusFirstInvalid(event.currentTarget, found);
    },
  };

  /** Attributes tying an input to its error message. */
  const fieldProps = (name: string, errorId: string) => ({
    name,
    "aria-invalid": errors[name]?.length ? (true as const) : undefined,
    "aria-describedby": errorId,
  });

  const values = reply?.initialValue ?? options.defaultValue ?? {};
  /** A text-like field: ids, errors, constraints and its value to start from. */
  const field = (name: string): FieldState => {
    // `images[0].alt` → `images-0--alt`: ids stay plain for selectors and fragment links.
    const id = `${formId}-${name.replace(/[^\w-]/g, "-")}`;
    const errorId = `${id}-error`;
    const value = valueAt(values, name);
    return {
      id,
      errorId,
      errors: errors[name]?.length ? errors[name] : undefined,
      input: {
        ...options.constraint?.[name],
        id,
        ...fieldProps(name, errorId),
        defaultValue: typeof value === "string" ? value : undefined,
      },
    };
  };

  /**
   * The rows of a list field to render, as names to prefix its fields with (`images[0]`,
   * `images[1]`…): as many as the answer (or the start values) has, at least `min`.
   */
  const list = (name: string, min = 0): string[] => {
    const rows = valueAt(values, name);
    const count = Math.max(Array.isArray(rows) ? rows.length : 0, min);
    return Array.from({ length: count }, (_, index) => `${name}[${index}]`);
  };

  return {
    errors,
    list,
    /** Errors about the whole form rather than one field. */
    formErrors: errors[""]?.length ? errors[""] : undefined,
    formProps,
    fieldProps,
    field,
  };
}

/**
 * Checks a form's values against its schema, the nested shape built from conform's field names;
 * errors keyed by field name (`images[0].alt`), "" for the form as a whole, as conform keys them.
 */
export function schemaErrors(schema: ZodTypeAny, formData: FormData): FieldErrorMap {
  const result = schema.safeParse(parseFormValue(formData));
  const found: FieldErrorMap = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      (found[formatPath(issue.path)] ??= []).push(issue.message);
    }
  }
  return found;
}

function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrorMap) {
  for (const element of Array.from(form.elements)) {
    if (
      element instanceof HTMLElement &&
      "name" in element &&
      typeof element.name === "string" &&
      errors[element.name]?.length &&
      (element as HTMLInputElement).type !== "hidden"
    ) {
      element.focus();
      return;
    }
  }
}
