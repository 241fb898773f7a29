/**
 * /admin/storesetting/homepage (SPEC §2 Homepage): the hero's title and subtitle in English and
 * Arabic, its image, and the categories and products the home page features. Picked ids are
 * looked up in the store before saving (another store's id: 404, nothing saved).
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { SettingsFormPage } from "~/components/admin/SettingsFormPage";
import { BilingualPreview } from "~/components/ui/BilingualPreview";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { ImageReplaceField } from "~/components/ui/ImageReplaceField";
import { FeaturedPicks, HeroPreview } from "~/components/admin/HomepageFields";
import { adminLoader } from "~/http/handlers.server";
import { Refusal } from "~/http/refusal.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import {
  homepageSchema,
  MAX_FEATURED_CATEGORIES,
  MAX_FEATURED_PRODUCTS,
} from "~/lib/validation/admin-settings";
import { getStoreSettings, listFeaturedChoices, saveHomepage } from "~/services/store/settings-admin.server";
import { schemaFormAction } from "~/http/schema-form.server";

const PATH = "/admin/storesetting/homepage";
const HERO_FIELD = "heroImage";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.homepageTitle") });

export const loader = adminLoader("settings.edit", async ({ store }) => {
  const settings = await getStoreSettings(store.id);
  const choices = await listFeaturedChoices(store.id, settings.featuredProductIds);
  return {
    values: {
      heroTitleEn: settings.heroTitleEn,
      heroTitleAr: settings.heroTitleAr,
      heroSubtitleEn: settings.heroSubtitleEn,
      heroSubtitleAr: settings.heroSubtitleAr,
      featuredCategoryIds: settings.featuredCategoryIds,
      featuredProductIds: settings.featuredProductIds,
    },
    heroImageId: settings.heroImageId,
    storeName: store.name,
    choices,
    constraint: formConstraint(homepageSchema),
  };
});

export const action = schemaFormAction("settings.edit", {
  schema: homepageSchema,
  image: HERO_FIELD,
  extra: () => ({ imageError: null as string | null }),
  save: ({ removeHeroImage, ...values }, { store }, heroImage) =>
    saveHomepage(store.id, { ...values, heroImage: heroImage ?? (removeHeroImage ? null : undefined) }),
  refuse: (saved) => !saved.ok && new Refusal(404, { key: "admin.settings.choiceGone" }),
  success: { path: PATH },
});

/** The two lists of picks: the field, its legend's locale key (and its hint's), how many, which choices. */
const FEATURED = [
  {
    name: "featuredCategoryIds",
    legend: "admin.settings.featuredCategories",
    max: MAX_FEATURED_CATEGORIES,
    choicesOf: "categories",
  },
  {
    name: "featuredProductIds",
    legend: "admin.settings.featuredProducts",
    max: MAX_FEATURED_PRODUCTS,
    choicesOf: "products",
  },
] as const;

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.homepageSchema);

export default function Homepage() {
  const { values, heroImageId, storeName, choices, constraint } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <SettingsFormPage<typeof action, HeroTexts>
      title={t("admin.settings.homepageTitle")}
      id="homepage"
      loadSchema={loadSchema}
      constraint={constraint}
      defaultValue={values}
      live={{
        heroTitleEn: values.heroTitleEn,
        heroTitleAr: values.heroTitleAr,
        heroSubtitleEn: values.heroSubtitleEn,
        heroSubtitleAr: values.heroSubtitleAr,
      }}
      multipart
      fields={({ form, actionData, reply }) => {
        // What the answer sent back (a refused save) or what is saved: which boxes start ticked.
        const sent = (reply?.initialValue ?? values) as Record<string, unknown>;
        const ticked = (name: string) => {
          const value = sent[name];
          return new Set(Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);
        };
        return (
          <>
            <fieldset className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
              <legend className="mb-2 text-lg font-extrabold">{t("admin.settings.hero")}</legend>
              <BilingualFields form={form} name="heroTitle" label="admin.settings.heroTitle" />
              <BilingualFields form={form} name="heroSubtitle" label="admin.settings.heroSubtitle" />
            </fieldset>
            <ImageReplaceField
              imageId={heroImageId}
              name={HERO_FIELD}
              removeName="removeHeroImage"
              label={t("admin.settings.heroImage")}
              currentLabel={t("admin.settings.currentHeroImage")}
              removeLabel={t("admin.settings.removeHeroImage")}
              error={actionData && "imageError" in actionData ? actionData.imageError : null}
              width={160}
              height={90}
              imageWidth={256}
              quality={75}
              imageClassName="h-[90px] w-40"
            />
            {FEATURED.map(({ name, legend, max, choicesOf }) => (
              <FeaturedPicks
                key={name}
                name={name}
                legend={t(legend)}
                hint={t(`${legend}Hint`, { max })}
                choices={choices[choicesOf]}
                ticked={ticked(name)}
                errors={form.errors[name]}
                language={i18n.language}
              />
            ))}
          </>
        );
      }}
      preview={(live) => (
        <BilingualPreview>
          {(lang) => (
            <HeroPreview
              title={(lang === "ar" && live.heroTitleAr.trim()) || live.heroTitleEn || storeName}
              subtitle={(lang === "ar" && live.heroSubtitleAr.trim()) || live.heroSubtitleEn}
            >
              {heroImageId ? (
                <img
                  src={`/resources/image?url=/images/${heroImageId}&w=640&q=75`}
                  alt=""
                  className="absolute inset-0 -z-20 size-full object-cover"
                />
              ) : null}
            </HeroPreview>
          )}
        </BilingualPreview>
      )}
    />
  );
}

/** The hero's texts the preview follows as the owner types. */
type HeroTexts = { heroTitleEn: string; heroTitleAr: string; heroSubtitleEn: string; heroSubtitleAr: string };

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
