import type { FormEvent, ReactNode } from "react";
import { BackLink } from "~/components/admin/BackLink";
import { Form, type FormProps } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { PreviewedForm, type PreviewedFormProps } from "~/components/admin/PreviewedForm";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog, type ConfirmDialogProps } from "~/components/ui/ConfirmDialog";

const CARD = "grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-line p-4 sm:p-6 md:grid-cols-2";

/**
 * The frame of an admin page that edits one record (decision 052): title, back link, the
 * action's refusal, the form card with its fields and save button, and the delete confirmation
 * below (none on a new record). The page keeps its loader, action, fields and labels.
 */
export function EditPage({
  title,
  top,
  back,
  actionData,
  notes,
  formProps,
  intent,
  encType,
  onPreviewInput,
  save,
  beside,
  children,
  after,
  remove,
}: {
  title: string;
  /** Above the back link (a section's tabs). */
  top?: ReactNode;
  back: { to: string; label: string };
  /** The action's answer: a refusal's notice shows above the form. */
  actionData: unknown;
  /** Notes under the notice (a code already used). */
  notes?: ReactNode;
  /** useSchemaForm's `formProps`. */
  formProps: PreviewedFormProps["formProps"];
  /** A hidden `intent` the form posts (pages whose action reads one for the save). */
  intent?: string;
  encType?: FormProps["encType"];
  /** useLiveValues' handler, where a field follows another as the owner types. */
  onPreviewInput?: (event: FormEvent<HTMLFormElement>) => void;
  save: { label: string; busy: boolean };
  /** Beside the save button (a link to the record on the storefront). */
  beside?: ReactNode;
  children: ReactNode;
  /** After the form card (a zone's rates). */
  after?: ReactNode;
  /** The delete confirmation; left out on a new record. */
  remove?: ConfirmDialogProps | null;
}) {
  const body = (
    <>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
      <div className="flex flex-wrap items-center gap-4 md:col-span-2">
        <Button disabled={save.busy}>{save.label}</Button>
        {beside}
      </div>
    </>
  );
  return (
    <AdminPage title={title}>
      {top}
      <BackLink to={back.to} label={back.label} />
      <ActionNotice data={actionData} />
      {notes}
      {onPreviewInput ? (
        <PreviewedForm
          formProps={formProps}
          onPreviewInput={onPreviewInput}
          encType={encType}
          className={CARD}
        >
          {body}
        </PreviewedForm>
      ) : (
        <Form method="post" {...formProps} encType={encType} className={CARD}>
          {body}
        </Form>
      )}
      {after}
      {remove ? (
        <div>
          <ConfirmDialog {...remove} />
        </div>
      ) : null}
    </AdminPage>
  );
}
