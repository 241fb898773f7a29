import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { Button } from "~/components/ui/Button";
import { Field, FieldError } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { Notice } from "~/components/ui/Notice";
import { contactHoursText } from "~/lib/contact-hours";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { contactSchema } from "~/lib/validation/contact";
import { getOptionalUser } from "~/http/guards.server";
import { pageTemplateOf } from "~/http/page-template.server";
import { storeAction, storeLoader } from "~/http/handlers.server";
import { createContactRequest } from "~/services/store/contact.server";
import { useStoreSite } from "~/lib/root-data";
import { CONTROL_CLASS } from "~/components/ui/Input";

export const meta: MetaFunction = (args) =>
  seo({ ...args, page: (t) => t("content.contactTitle"), path: "/contact" });

export const loader = storeLoader(async ({ request, context }) => {
  // The shared copy of a signed-in page (decision 031): name and email are the template's tokens.
  const user = pageTemplateOf(context)?.viewer ?? (await getOptionalUser(request, context));
  return {
    defaults: user ? { name: user.name, email: user.email } : { name: "", email: "" },
    constraint: formConstraint(contactSchema),
  };
});

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/contact").then((m) => m.contactSchema);

export const action = storeAction(
  async ({ request, context, store, form }) => {
    const submission = parseWithZod(form, { schema: contactSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply(), notice: null }, { status: 400 });
    const user = await getOptionalUser(request, context);
    await createContactRequest(store.id, { ...submission.value, userId: user?.id ?? null });
    return redirectWithToast("/contact", { key: "toast.requestSubmitted" });
  },
  { rateLimit: { kind: "contact" } },
);

export default function Contact() {
  const { defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const site = useStoreSite();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, {
    id: "contact",
    constraint,
    defaultValue: defaults,
  });
  const { contact } = site.settings;
  const hours = contactHoursText(contact.hours, t);
  const notice = actionData?.notice;
  const comments = form.field("comments");
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 md:grid-cols-[2fr_1fr]">
      <div>
        <h1 className="text-3xl font-extrabold">{t("content.contactTitle")}</h1>
        <p className="mt-2 text-muted">{t("content.contactIntro")}</p>
        <Form method="post" {...form.formProps} className="mt-6 flex flex-col gap-3">
          {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
          <Honeypot />
          <Field field={form.field("name")} label={t("auth.fields.name")} autoComplete="name" />
          <Field
            field={form.field("email")}
            type="email"
            label={t("auth.fields.email")}
            autoComplete="email"
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={comments.id} className="font-bold">
              {t("content.comments")}
            </label>
            <textarea
              id={comments.id}
              name={comments.input.name}
              defaultValue={comments.input.defaultValue}
              required={comments.input.required}
              minLength={comments.input.minLength}
              maxLength={comments.input.maxLength}
              aria-invalid={comments.input["aria-invalid"]}
              aria-describedby={comments.errorId}
              rows={6}
              className={`${CONTROL_CLASS} py-2`}
            />
            <FieldError id={comments.errorId} errors={comments.errors} />
          </div>
          <Button className="self-start" disabled={pending}>
            {t("content.send")}
          </Button>
        </Form>
      </div>
      <aside aria-labelledby="contact-details" className="rounded-lg border border-line p-5">
        <h2 id="contact-details" className="text-lg font-extrabold">
          {t("content.detailsHeading")}
        </h2>
        <dl className="mt-3 flex flex-col gap-2">
          {contact.email ? (
            <div>
              <dt className="font-bold">{t("footer.email")}</dt>
              <dd dir="ltr" className="text-start">
                <a href={`mailto:${contact.email}`} className="underline underline-offset-4">
                  {contact.email}
                </a>
              </dd>
            </div>
          ) : null}
          {contact.phone ? (
            <div>
              <dt className="font-bold">{t("footer.phone")}</dt>
              <dd dir="ltr" className="text-start">
                {contact.phone}
              </dd>
            </div>
          ) : null}
          {contact.address ? (
            <div>
              <dt className="font-bold">{t("footer.address")}</dt>
              <dd>{contact.address}</dd>
            </div>
          ) : null}
          <div>
            <dt className="font-bold">{t("footer.hours")}</dt>
            <dd>{hours}</dd>
          </div>
        </dl>
      </aside>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
