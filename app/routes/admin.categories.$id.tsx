/**
 * /admin/categories/new and /admin/categories/:id: one form for a category's bilingual names,
 * slug, parent (making it a sub category), order, descriptions and image. The image is checked
 * by content (PNG or JPG, 5 MB) and stored with the category in one transaction.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { EditPage } from "~/components/admin/EditPage";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { Field } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { SelectField } from "~/components/ui/FormFields";
import { ImageReplaceField } from "~/components/ui/ImageReplaceField";
import { entityOrNewFromPath, notFoundPage } from "~/http/entity.server";
import { NEW_PATH } from "~/lib/entity-path";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { submitSchemaForm, type FieldRefusal } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { localeName } from "~/lib/localized-name";
import { suggestSlug } from "~/lib/slug";
import { seo } from "~/lib/seo";
import { useLiveValues } from "~/lib/use-live-values";
import { useSettingsForm } from "~/lib/use-settings-form";
import { categorySchema } from "~/lib/validation/admin-categories";
import {
  getCategory,
  listParentChoices,
  saveCategory,
  type SaveCategoryResult,
} from "~/services/catalog/categories-admin.server";

const IMAGE_FIELD = "image";

export const meta: MetaFunction = (args) =>
  seo({
    ...args,
    page: (t) => t(args.params.id === NEW_PATH ? "admin.categories.newTitle" : "admin.categories.editTitle"),
  });

export const loader = adminLoader("categories.edit", async ({ store, params }) => {
  const category = await entityOrNewFromPath(params.id, (id) => getCategory(store.id, id));
  const parents = (await listParentChoices(store.id)).filter((p) => p.id !== category?.id);
  const parent = category?.parentId ? parents.find((p) => p.id === category.parentId) : undefined;
  const parentSlug = parent?.slug;
  return {
    category: category && {
      id: category.id,
      nameEn: category.nameEn,
      nameAr: category.nameAr,
      slug: category.slug,
      parentId: category.parentId ?? "",
      sortOrder: String(category.sortOrder),
      descriptionEn: category.descriptionEn,
      descriptionAr: category.descriptionAr,
      imageId: category.imageId,
      storefrontPath: parentSlug
        ? `/categories/${parentSlug}/${category.slug}`
        : `/categories/${category.slug}`,
    },
    parents,
    constraint: formConstraint(categorySchema),
  };
});

/** A refused save: the field it names, its message and status (anything else is the page's 404). */
const FIELD_ERRORS: Partial<Record<Extract<SaveCategoryResult, { ok: false }>["error"], FieldRefusal>> = {
  "slug-taken": { field: "slug", message: "admin.categories.slugTaken", status: 409 },
  "parent-is-sub": { field: "parentId", message: "admin.categories.parentIsSub", status: 400 },
  "has-subcategories": { field: "parentId", message: "admin.categories.hasSubcategories", status: 409 },
};

export const action = adminAction("categories.edit", async (args) => {
  const category = await entityOrNewFromPath(args.params.id, (id) => getCategory(args.store.id, id));
  return submitSchemaForm(args, {
    schema: categorySchema,
    image: IMAGE_FIELD,
    extra: () => ({ imageError: null as string | null }),
    save: (value, { store }, image) =>
      saveCategory(store.id, value, {
        id: category?.id,
        image: image ?? (value.removeImage ? null : undefined),
      }),
    refuse: (result) => (result.ok ? null : (FIELD_ERRORS[result.error] ?? notFoundPage())),
    success: {
      path: "/admin/categories",
      toast: { key: category ? "toast.updateSuccess" : "admin.categories.created" },
    },
  });
});

const loadSchema = () => import("~/lib/validation/admin-categories").then((m) => m.categorySchema);

export default function AdminCategory() {
  const { category, parents, constraint } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { actionData, reply, pending, form } = useSettingsForm<typeof action>(loadSchema, {
    id: "category",
    constraint,
    defaultValue: category ?? { sortOrder: "0" },
  });
  const imageError = reply && actionData && "imageError" in actionData ? actionData.imageError : null;
  // An empty slug is made from the English name: the field shows which one as you type.
  const [live, onInput] = useLiveValues({ nameEn: category?.nameEn ?? "" });
  const title = t(category ? "admin.categories.editTitle" : "admin.categories.newTitle");
  return (
    <EditPage
      title={title}
      back={{ to: "/admin/categories", label: t("admin.categories.back") }}
      actionData={actionData}
      formProps={form.formProps}
      onPreviewInput={onInput}
      encType="multipart/form-data"
      save={{ label: t("admin.categories.save"), busy: pending }}
      beside={
        category ? (
          <Link
            to={category.storefrontPath}
            className="font-bold text-primary-ink underline underline-offset-4"
          >
            {t("admin.categories.view")}
          </Link>
        ) : null
      }
    >
      <BilingualFields form={form} name="name" label="admin.categories.name" />
      <Field
        field={form.field("slug")}
        label={t("admin.categories.slug")}
        hint={t("admin.categories.slugHint")}
        dir="ltr"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={suggestSlug(live.nameEn)}
      />
      <SelectField
        field={form.field("parentId")}
        label={t("admin.categories.parent")}
        hint={t("admin.categories.parentHint")}
      >
        <option value="">{t("admin.categories.parentNone")}</option>
        {parents.map((parent) => (
          <option key={parent.id} value={parent.id}>
            {localeName(parent, i18n.language)}
          </option>
        ))}
      </SelectField>
      <NumberField
        field={form.field("sortOrder")}
        label={t("admin.categories.sortOrder")}
        hint={t("admin.categories.sortOrderHint")}
      />
      <div />
      <BilingualFields
        form={form}
        name="description"
        label="admin.categories.description"
        multiline
        rows={3}
      />
      <div className="flex flex-col gap-3 md:col-span-2">
        <ImageReplaceField
          imageId={category?.imageId}
          name={IMAGE_FIELD}
          removeName="removeImage"
          label={t("admin.categories.image")}
          currentLabel={t("admin.categories.currentImage")}
          removeLabel={t("admin.categories.removeImage")}
          error={imageError ?? null}
          width={96}
          height={96}
          quality={75}
          imageClassName="size-24"
        />
      </div>
    </EditPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
