import { Form, type FormProps } from "@remix-run/react";
import type { FormEvent } from "react";

type SchemaFormProps = { onInput: (event: FormEvent<HTMLFormElement>) => void };

export interface PreviewedFormProps extends Omit<FormProps, "onInput" | "method"> {
  /** useSchemaForm's `formProps` (validation as you type). */
  formProps: SchemaFormProps & Omit<FormProps, "onInput">;
  /** useLiveValues' handler: the preview beside the form follows every input. */
  onPreviewInput: (event: FormEvent<HTMLFormElement>) => void;
}

/** A settings form whose every input both validates (conform) and updates its live preview. */
export function PreviewedForm({ formProps, onPreviewInput, ...rest }: PreviewedFormProps) {
  return (
    <Form
      method="post"
      {...rest}
      {...formProps}
      onInput={(event) => {
        formProps.onInput(event);
        onPreviewInput(event);
      }}
    />
  );
}
