/**
 * /admin/storesetting/logoAndColors (SPEC §2 Logo & Branding Colors): the logo and the primary and
 * secondary colours, with a live preview and a WCAG AA contrast check. The storefront derives its
 * text colours from the brand colours (lib/brand.ts), so the check warns rather than refuses.
 * Saved → every instance's next page shows it (tenantChanged here, store_changed elsewhere).
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { SettingsFormPage } from "~/components/admin/SettingsFormPage";
import { PreviewPane } from "~/components/ui/BilingualPreview";
import { FieldError } from "~/components/ui/Field";
import { ImageReplaceField } from "~/components/ui/ImageReplaceField";
import { Input } from "~/components/ui/Input";
import { adminLoader } from "~/http/handlers.server";
import { contrastRatio, DEFAULT_PRIMARY, DEFAULT_SECONDARY, normalizeHex, textOn } from "~/lib/brand";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import type { FieldState } from "~/lib/use-schema-form";
import { brandingSchema } from "~/lib/validation/admin-settings";
import { saveBranding } from "~/services/store/settings-admin.server";
import { schemaFormAction } from "~/http/schema-form.server";

const PATH = "/admin/storesetting/logoAndColors";
const LOGO_FIELD = "logo";
/** WCAG 2.1 AA: 4.5:1 for text, 3:1 for large text and the parts of controls. */
const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.brandingTitle") });

export const loader = adminLoader("settings.edit", ({ store }) => ({
  values: { primaryColor: store.branding.primaryColor, secondaryColor: store.branding.secondaryColor },
  logoImageId: store.branding.logoImageId,
  storeName: store.name,
  constraint: formConstraint(brandingSchema),
}));

export const action = schemaFormAction("settings.edit", {
  schema: brandingSchema,
  image: LOGO_FIELD,
  extra: () => ({ imageError: null as string | null }),
  save: ({ primaryColor, secondaryColor, removeLogo }, { store }, logo) =>
    saveBranding(store.id, { primaryColor, secondaryColor, logo: logo ?? (removeLogo ? null : undefined) }),
  success: { path: PATH },
});

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.brandingSchema);

export default function LogoAndColors() {
  const { values, logoImageId, storeName, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <SettingsFormPage<typeof action, typeof values>
      title={t("admin.settings.brandingTitle")}
      id="branding"
      loadSchema={loadSchema}
      constraint={constraint}
      defaultValue={values}
      live={values}
      multipart
      fields={({ form, actionData, live }) => {
        const { primary, secondary } = brandColors(live);
        return (
          <>
            <ImageReplaceField
              imageId={logoImageId}
              name={LOGO_FIELD}
              removeName="removeLogo"
              label={t("admin.settings.logo")}
              currentLabel={t("admin.settings.currentLogo")}
              removeLabel={t("admin.settings.removeLogo")}
              error={actionData && "imageError" in actionData ? actionData.imageError : null}
              width={64}
              height={64}
              imageClassName="size-16 object-contain"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField
                field={form.field("primaryColor")}
                label={t("admin.settings.primaryColor")}
                value={primary}
              />
              <ColorField
                field={form.field("secondaryColor")}
                label={t("admin.settings.secondaryColor")}
                value={secondary}
              />
            </div>
            <ContrastReport primary={primary} secondary={secondary} />
          </>
        );
      }}
      preview={(live) => {
        const { primary, secondary } = brandColors(live);
        return (
          <PreviewPane label={storeName}>
            <BrandPreview
              primary={primary}
              secondary={secondary}
              logoImageId={logoImageId}
              storeName={storeName}
            />
          </PreviewPane>
        );
      }}
    />
  );
}

/** The colours as typed, or the defaults where a value is not a colour yet. */
const brandColors = (live: { primaryColor: string; secondaryColor: string }) => ({
  primary: normalizeHex(live.primaryColor, DEFAULT_PRIMARY),
  secondary: normalizeHex(live.secondaryColor, DEFAULT_SECONDARY),
});

/** A colour picker (the browser's own, so it works without JavaScript) and its hex value. */
function ColorField({ field, label, value }: { field: FieldState; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="font-bold">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <Input
          id={field.id}
          name={field.input.name}
          type="color"
          defaultValue={field.input.defaultValue?.toLowerCase()}
          aria-invalid={field.input["aria-invalid"]}
          aria-describedby={`${field.errorId} ${field.id}-value`}
          className="h-11 w-16 cursor-pointer p-1"
        />
        <output id={`${field.id}-value`} htmlFor={field.id} dir="ltr" className="font-mono">
          {value.toUpperCase()}
        </output>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Contrast against WCAG AA, for text on each colour and for the primary colour on the page. */
function ContrastReport({ primary, secondary }: { primary: string; secondary: string }) {
  const { t } = useTranslation();
  const ratio = (value: number) => value.toFixed(2);
  const checks = (["primary", "secondary"] as const).map((which) => {
    const color = which === "primary" ? primary : secondary;
    const value = contrastRatio(color, textOn(color));
    return {
      which,
      low: value < AA_TEXT,
      text: t(value < AA_TEXT ? "admin.settings.contrastLow" : "admin.settings.contrastOk", {
        which: t(`admin.settings.colorNames.${which}`),
        ratio: ratio(value),
      }),
    };
  });
  const page = contrastRatio(primary, "#ffffff");
  return (
    <div aria-live="polite" data-testid="contrast-report" className="flex flex-col gap-2">
      {checks.map((check) => (
        <p
          key={check.which}
          className={
            check.low
              ? "rounded-md border-s-4 border-amber-700 bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              : "text-sm text-muted"
          }
        >
          {check.text}
        </p>
      ))}
      {page < AA_NON_TEXT ? (
        <p className="rounded-md border-s-4 border-amber-700 bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {t("admin.settings.contrastPage", { ratio: ratio(page) })}
        </p>
      ) : null}
    </div>
  );
}

/** The storefront's header, a button and a link, and its footer, in the chosen colours. */
function BrandPreview({
  primary,
  secondary,
  logoImageId,
  storeName,
}: {
  primary: string;
  secondary: string;
  logoImageId: string | null;
  storeName: string;
}) {
  const { t } = useTranslation();
  const onPrimary = textOn(primary);
  return (
    <div data-testid="brand-preview">
      <div style={{ background: primary, color: onPrimary }} className="flex items-center gap-3 px-4 py-3">
        {logoImageId ? (
          <img
            src={`/resources/image?url=/images/${logoImageId}&w=64`}
            alt=""
            width={32}
            height={32}
            className="size-8 rounded"
          />
        ) : null}
        <bdi className="font-extrabold">{storeName}</bdi>
      </div>
      <div className="flex flex-col items-start gap-3 px-4 py-5">
        <span
          style={{ background: primary, color: onPrimary }}
          className="inline-flex min-h-11 items-center rounded-md px-4 font-bold"
        >
          {t("home.shopNow")}
        </span>
        <span
          style={{ color: contrastRatio(primary, "#ffffff") >= AA_TEXT ? primary : "#111827" }}
          className="font-bold underline underline-offset-4"
        >
          {t("admin.settings.previewLink")}
        </span>
      </div>
      <div style={{ background: secondary, color: textOn(secondary) }} className="px-4 py-3 text-sm">
        {t("footer.contactHeading")} · {t("footer.about")}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
