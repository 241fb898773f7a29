/**
 * /admin/storesetting/contact&footer (SPEC §2 Contact & Footer Info): the contact details every
 * page's footer and the contact page show (email, phone, address in English and Arabic, opening
 * hours), the footer text in both languages and links to the store's social pages (https only).
 */
import { localized } from "~/lib/localized-name";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { SettingsFormPage } from "~/components/admin/SettingsFormPage";
import { BilingualPreview } from "~/components/ui/BilingualPreview";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { Field } from "~/components/ui/Field";
import { adminLoader } from "~/http/handlers.server";
import { schemaFormAction } from "~/http/schema-form.server";
import { contactHoursText } from "~/lib/contact-hours";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { contactFooterSchema, SOCIAL_NETWORKS } from "~/lib/validation/admin-settings";
import { getStoreSettings, saveContactFooter } from "~/services/store/settings-admin.server";

const PATH = "/admin/storesetting/contact&footer";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.contactTitle") });

export const loader = adminLoader("settings.edit", async ({ store }) => {
  const settings = await getStoreSettings(store.id);
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [
      network,
      settings.socialLinks.find((l) => l.network === network)?.url ?? "",
    ]),
  );
  return {
    values: {
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      contactAddressEn: settings.contactAddressEn,
      contactAddressAr: settings.contactAddressAr,
      contactHours: settings.contactHours,
      footerTextEn: settings.footerTextEn,
      footerTextAr: settings.footerTextAr,
    },
    social,
    constraint: formConstraint(contactFooterSchema),
  };
});

export const action = schemaFormAction("settings.edit", {
  schema: contactFooterSchema,
  save: (value, { store }) => saveContactFooter(store.id, value),
  success: { path: PATH },
});

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.contactFooterSchema);

export default function ContactFooterSettings() {
  const { values, social, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <SettingsFormPage<typeof action, Record<string, string>>
      title={t("admin.settings.contactTitle")}
      id="contact-footer"
      loadSchema={loadSchema}
      constraint={constraint}
      defaultValue={{ ...values, social }}
      live={{
        ...values,
        ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`social.${network}`, social[network] ?? ""])),
      }}
      className="flex flex-col gap-5"
      fields={({ form }) => (
        <>
          <fieldset className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-extrabold">{t("admin.settings.contactSection")}</legend>
            <Field
              field={form.field("contactEmail")}
              type="email"
              label={t("admin.settings.contactEmail")}
              dir="ltr"
            />
            <Field
              field={form.field("contactPhone")}
              type="tel"
              label={t("admin.settings.contactPhone")}
              dir="ltr"
            />
            <BilingualFields form={form} name="contactAddress" label="admin.settings.address" />
            <Field
              field={form.field("contactHours")}
              label={t("admin.settings.hours")}
              hint={t("footer.defaultHours")}
            />
          </fieldset>
          <fieldset className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-extrabold">{t("admin.settings.footerSection")}</legend>
            <BilingualFields form={form} name="footerText" label="admin.settings.footerText" />
          </fieldset>
          <fieldset className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
            <legend className="text-lg font-extrabold">{t("admin.settings.social")}</legend>
            <p className="text-sm text-muted sm:col-span-2">{t("admin.settings.socialHint")}</p>
            {SOCIAL_NETWORKS.map((network) => (
              <Field
                key={network}
                field={form.field(`social.${network}`)}
                label={t(`footer.networks.${network}`)}
                inputMode="url"
                dir="ltr"
                placeholder="https://"
              />
            ))}
          </fieldset>
        </>
      )}
      preview={(live) => (
        <BilingualPreview>
          {(lang) => (
            <FooterPreview
              email={live.contactEmail ?? ""}
              phone={live.contactPhone ?? ""}
              address={localized(live.contactAddressEn ?? "", live.contactAddressAr ?? "", lang)}
              hours={live.contactHours ?? ""}
              footerText={localized(live.footerTextEn ?? "", live.footerTextAr ?? "", lang)}
              networks={SOCIAL_NETWORKS.filter((network) =>
                /^https:\/\//i.test(live[`social.${network}`] ?? ""),
              )}
            />
          )}
        </BilingualPreview>
      )}
    />
  );
}

/** The storefront footer's contact block, social links and footer text. */
function FooterPreview({
  email,
  phone,
  address,
  hours,
  footerText,
  networks,
}: {
  email: string;
  phone: string;
  address: string;
  hours: string;
  footerText: string;
  networks: string[];
}) {
  const { t } = useTranslation();
  const rows = [
    [t("footer.email"), email, "ltr"],
    [t("footer.phone"), phone, "ltr"],
    [t("footer.address"), address, "auto"],
    [t("footer.hours"), contactHoursText(hours, t), "auto"],
  ].filter(([, value]) => value) as [string, string, "ltr" | "auto"][];
  return (
    <div className="flex flex-col gap-3 bg-secondary p-4 text-on-secondary">
      <p className="font-extrabold">{t("footer.contactHeading")}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value, dir]) => (
          <div key={label} className="contents">
            <dt className="font-bold">{label}</dt>
            <dd dir={dir} className="min-w-0 text-start break-words">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {networks.length > 0 ? (
        <p className="text-sm font-bold underline underline-offset-4">
          {networks.map((network) => t(`footer.networks.${network}`)).join(" · ")}
        </p>
      ) : null}
      {footerText ? (
        <p dir="auto" className="text-sm">
          {footerText}
        </p>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
