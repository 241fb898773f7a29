import { Form, Link } from "@remix-run/react";
import { NewPasswordField } from "~/components/PasswordFields";
import {} from "~/components/PasswordFields";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Field, FieldError } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { Notice } from "~/components/ui/Notice";
import { STORE_ADDRESS_PATTERN, suggestStoreAddress } from "~/lib/store-address";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm, type SchemaFormProps } from "~/lib/use-schema-form";
import { CONTROL_CLASS } from "~/components/ui/Input";

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/store-signup").then((m) => m.createStoreSchema);

/** `{scheme}://` and `.{platform domain}[:port]` around a store's address, for the preview. */
export interface AddressFrame {
  before: string;
  after: string;
}

type Availability = "checking" | "available" | "taken" | "reserved" | "hyphens" | "invalid" | null;

/**
 * Asks the platform whether an address is free, a moment after the typing stops. The sign-up
 * itself decides for certain; this only saves a round trip with a taken name.
 */
function useAvailability(slug: string): Availability {
  const [state, setState] = useState<{ slug: string; answer: Availability }>({ slug: "", answer: null });
  const wellFormed = slug.length >= 3 && STORE_ADDRESS_PATTERN.test(slug);
  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/store-address?${new URLSearchParams({ slug })}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ reason?: Availability }>) : null))
        .then((body) => {
          if (body) setState({ slug, answer: body.reason ?? "available" });
        })
        .catch(() => {
          // Offline or aborted: the sign-up's own answer still tells.
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, wellFormed]);
  if (!wellFormed) return null;
  return state.slug === slug ? state.answer : "checking";
}

/** The platform's `/signup`: a new store, its address and its owner's account. */
export function CreateStoreForm({
  frame,
  constraint,
  result,
  notice,
}: SchemaFormProps & {
  frame: AddressFrame;
}) {
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, result, { id: "create-store", constraint });
  const slugField = form.field("slug");
  const { defaultValue: sentSlug, ...slugInput } = slugField.input;
  const [slug, setSlug] = useState(sentSlug ?? "");
  // Until the owner types an address, it follows the store's name.
  const [slugEdited, setSlugEdited] = useState(Boolean(sentSlug));
  const availability = useAvailability(slug);
  const previewId = `${slugField.id}-preview`;

  return (
    <AuthCard title={t("storeSignup.title")} intro={t("storeSignup.intro")}>
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <Honeypot />
        <Field
          field={form.field("storeName")}
          label={t("storeSignup.storeName")}
          autoComplete="organization"
          onInput={(event) => {
            if (!slugEdited) setSlug(suggestStoreAddress(event.currentTarget.value));
          }}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={slugField.id} className="font-bold">
            {t("storeSignup.address")}
          </label>
          <input
            {...slugInput}
            type="text"
            dir="ltr"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={slug}
            onChange={(event) => {
              setSlugEdited(true);
              setSlug(event.currentTarget.value.toLowerCase());
            }}
            aria-describedby={`${slugField.errorId} ${previewId}`}
            className={`min-h-11 ${CONTROL_CLASS}`}
          />
          <p id={previewId} className="text-sm text-muted" aria-live="polite">
            {t("storeSignup.addressPreview")}{" "}
            <bdi dir="ltr" className="block font-bold break-all text-ink">
              {frame.before}
              {slug || t("storeSignup.addressPlaceholder")}
              {frame.after}
            </bdi>
            {availability && availability !== "invalid" ? (
              <>
                {" "}
                <span
                  className={
                    availability === "available"
                      ? "font-bold text-green-800 dark:text-green-300"
                      : availability === "checking"
                        ? ""
                        : "font-bold text-red-700 dark:text-red-400"
                  }
                >
                  {t(`storeSignup.availability.${availability}`)}
                </span>
              </>
            ) : null}
          </p>
          <FieldError id={slugField.errorId} errors={slugField.errors} />
        </div>
        <Field field={form.field("email")} type="email" label={t("storeSignup.email")} autoComplete="email" />
        <NewPasswordField field={form.field("password")} label={t("auth.fields.password")} />
        <Button disabled={pending}>{t("storeSignup.submit")}</Button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">{t("storeSignup.trialNote")}</p>
      <p className="mt-2 text-center">
        <Link to="/" className="font-bold text-primary-ink underline underline-offset-4">
          {t("storeSignup.back")}
        </Link>
      </p>
    </AuthCard>
  );
}
