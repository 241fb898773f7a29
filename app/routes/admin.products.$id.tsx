import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { NewImagesField } from "~/components/admin/NewImagesField";
import { ProductForm } from "~/components/admin/ProductForm";
import { VariantsSection } from "~/components/admin/VariantsSection";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { PRODUCT_IMAGES_FIELD, readPostedImages } from "~/http/posted-images.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { listIntentReply, parseListForm } from "~/http/submission.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { currencyDigits } from "~/lib/money";
import type { FormNotice } from "~/lib/notice";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { minorToMajor, productFormSchema, productImageSchema } from "~/lib/validation/products-admin";
import {
  BULK_INTENTS,
  bulkVariantsSchema,
  generateVariantsSchema,
  optionsFormSchema,
  variantActionSchema,
  variantsFormSchema,
} from "~/lib/validation/variants-admin";
import {
  addProductImages,
  changeProductImage,
  deleteProduct,
  getAdminProduct,
  listCategoryOptions,
  listColorFamilies,
  saveProduct,
  type AdminProductImage,
} from "~/services/catalog/products-admin.server";
import {
  bulkSetVariants,
  deleteVariant,
  generateVariants,
  getAdminVariants,
  productOptionCount,
  saveOptions,
  saveVariants,
  setVariantActive,
  type VariantsRefusal,
} from "~/services/catalog/variants-admin.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.products.editTitle") });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new Refusal(404, { key: "notFound.page" });
// Files are never sent back in the answer (a browser cannot refill a file input anyway).
const NO_FILES = { hideFields: [PRODUCT_IMAGES_FIELD] };

/** The product id from the path: anything but a uuid names no product (and never reaches SQL). */
function productIdOf(params: Record<string, string | undefined>): string {
  const id = params.id ?? "";
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

export const loader = adminLoader(async ({ params, store, locale }) => {
  const productId = productIdOf(params);
  const digits = currencyDigits(store.currency);
  const [product, categories, colorFamilies, variants] = await Promise.all([
    getAdminProduct(store.id, productId),
    listCategoryOptions(store.id, locale),
    listColorFamilies(store.id),
    getAdminVariants(store.id, productId),
  ]);
  if (!product || !variants) throw notFound();
  // With options, price and stock are each variant's (decision 023): the product form has neither.
  const pricing = product.optionCount === 0;
  return {
    product,
    mode: pricing ? ("simple" as const) : ("variants" as const),
    defaultValue: {
      nameEn: product.nameEn,
      nameAr: product.nameAr,
      descriptionEn: product.descriptionEn,
      descriptionAr: product.descriptionAr,
      slug: product.slug,
      ...(pricing ? { price: minorToMajor(product.priceCents, digits), stock: String(product.stock) } : {}),
      categoryId: product.categoryId ?? "",
      subcategoryId: product.subcategoryId ?? "",
      shadeHex: product.shadeHex ?? "",
      colorFamily: product.colorFamily ?? "",
      active: product.active ? "on" : undefined,
    },
    currency: store.currency,
    currencyDigits: digits,
    constraint: formConstraint(productFormSchema(digits, { pricing })),
    categories,
    colorFamilies,
    variants,
    optionsValue: {
      options: variants.options.map((option) => ({
        id: option.id,
        nameEn: option.nameEn,
        nameAr: option.nameAr,
        values: option.values.map((value) => ({
          id: value.id,
          valueEn: value.valueEn,
          valueAr: value.valueAr,
        })),
      })),
    },
    variantsValue: {
      variants: variants.variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku ?? "",
        price: minorToMajor(variant.priceCents, digits),
        stock: String(variant.stock),
        imageId: variant.imageId ?? "",
        active: variant.active ? "on" : undefined,
      })),
    },
  };
});

type SectionForm = "options" | "variants" | "bulk" | "variant";

/** A refusal of one of the variants section's forms: shown in that section, with its status. */
function sectionAnswer(
  form: SectionForm,
  status: number,
  notice: FormNotice | null,
  result: ReturnType<ReturnType<typeof parseListForm>["reply"]> | null = null,
) {
  return data({ form, result, notice, imagesError: null }, { status });
}

/** What a refusal of the variants service says, in the admin's language where it names something. */
function refusalNotice(
  refusal: Exclude<VariantsRefusal, { error: "not-found" }>,
  locale: "en" | "ar",
): FormNotice {
  switch (refusal.error) {
    case "ordered-value":
      return {
        key: "adminVariants.errors.orderedValue",
        params: { value: locale === "ar" ? refusal.valueAr : refusal.valueEn },
      };
    case "ordered-option":
      return {
        key: "adminVariants.errors.orderedOption",
        params: { option: locale === "ar" ? refusal.nameAr : refusal.nameEn },
      };
    case "too-many":
      return { key: "adminVariants.errors.tooManyVariants", params: { count: refusal.count } };
  }
}

/**
 * The edit page's forms, told apart by `intent`: the product (save, with new images), one image
 * (alt texts, up, down, remove) and delete. Each re-reads the product in the store's scope, so
 * another store's product or image row is "not found" and nothing changes.
 */
export const action = adminAction(async ({ params, store, user, form, locale }) => {
  const productId = productIdOf(params);
  const intent = form.get("intent");
  const back = `/admin/products/${productId}`;

  if (intent === "save") {
    // A product with options has no price or stock on this form (its variants have them).
    const pricing = (await productOptionCount(store.id, productId)) === 0;
    const submission = parseWithZod(form, {
      schema: productFormSchema(currencyDigits(store.currency), { pricing }),
    });
    if (submission.status !== "success") {
      return data({ result: submission.reply(NO_FILES), imagesError: null }, { status: 400 });
    }
    // Images are not this form's: the images panel uploads them ("images-add").
    const saved = await saveProduct(store.id, productId, submission.value, []);
    if (!saved.ok) {
      if (saved.error === "not-found") throw notFound();
      return data(
        { result: submission.reply({ ...NO_FILES, fieldErrors: saved.fieldErrors }), imagesError: null },
        { status: 400 },
      );
    }
    return redirectWithToast(back, { key: "toast.updateSuccess" });
  }

  if (intent === "images-add") {
    const images = await readPostedImages(user.id, form);
    if (!images.ok) return data({ imagesError: images.error }, { status: images.status });
    if (images.uploads.length === 0) {
      return data({ imagesError: "admin.products.errors.noImagesChosen" }, { status: 400 });
    }
    const added = await addProductImages(store.id, productId, images.uploads);
    if (!added.ok) throw notFound();
    return redirectWithToast(`${back}#images`, { key: "toast.updateSuccess" });
  }

  if (typeof intent === "string" && intent.startsWith("image-")) {
    const parsed = productImageSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const altProblem = parsed.error.issues.find(
        (issue) => issue.path[0] === "altEn" || issue.path[0] === "altAr",
      );
      throw altProblem ? new Refusal(400, { key: altProblem.message }) : badRequest();
    }
    const { imageRowId, altEn, altAr } = parsed.data;
    const kind = parsed.data.intent.slice("image-".length) as "save" | "up" | "down" | "remove";
    const changed = await changeProductImage(
      store.id,
      productId,
      imageRowId,
      kind === "save" ? { kind, altEn, altAr } : { kind },
    );
    if (!changed.ok) throw notFound();
    return redirectWithToast(`${back}#images`, { key: "toast.updateSuccess" });
  }

  if (intent === "delete") {
    const deleted = await deleteProduct(store.id, productId);
    if (!deleted.ok) throw notFound();
    return deleted.outcome === "archived"
      ? redirectWithToast(back, { key: "admin.products.archived", type: "info" })
      : redirectWithToast("/admin/products", { key: "admin.products.deleted" });
  }

  // ── Options and variants (issue 19): each form answers in its own section. ──
  const toVariants = `${back}#variants`;

  if (intent === "save-options") {
    const submission = parseListForm(form, optionsFormSchema);
    if (submission.status === undefined) {
      return data({
        form: "options" as const,
        result: listIntentReply(submission),
        notice: null,
        imagesError: null,
      });
    }
    if (submission.status !== "success") return sectionAnswer("options", 400, null, submission.reply());
    const saved = await saveOptions(store.id, productId, submission.value.options);
    if (!saved.ok) {
      if (saved.error === "not-found") throw notFound();
      return sectionAnswer("options", 409, refusalNotice(saved, locale), submission.reply());
    }
    return redirectWithToast(toVariants, { key: "toast.updateSuccess" });
  }

  if (intent === "generate-variants") {
    if (!generateVariantsSchema.safeParse(Object.fromEntries(form)).success) throw badRequest();
    const made = await generateVariants(store.id, productId);
    if (!made.ok) {
      if (made.error === "not-found") throw notFound();
      return sectionAnswer("variant", 422, refusalNotice(made, locale));
    }
    return made.created > 0
      ? redirectWithToast(toVariants, { key: "adminVariants.generated", params: { count: made.created } })
      : redirectWithToast(toVariants, { key: "adminVariants.nothingToGenerate", type: "info" });
  }

  if (intent === "save-variants") {
    const submission = parseListForm(form, variantsFormSchema(currencyDigits(store.currency)));
    if (submission.status !== "success") return sectionAnswer("variants", 400, null, submission.reply());
    const saved = await saveVariants(store.id, productId, submission.value.variants);
    if (!saved.ok) {
      if (saved.error === "not-found") throw notFound();
      return sectionAnswer("variants", 400, null, submission.reply({ fieldErrors: saved.fieldErrors }));
    }
    return redirectWithToast(toVariants, { key: "toast.updateSuccess" });
  }

  if (typeof intent === "string" && (BULK_INTENTS as readonly string[]).includes(intent)) {
    const submission = parseListForm(form, bulkVariantsSchema(currencyDigits(store.currency)));
    if (submission.status !== "success") return sectionAnswer("bulk", 400, null, submission.reply());
    const { value } = submission;
    const done = await bulkSetVariants(
      store.id,
      productId,
      value.intent === "bulk-price"
        ? { field: "price", value: value.price! }
        : { field: "stock", value: value.stock! },
      value.scope === "all" ? "all" : value.variantIds,
    );
    if (!done.ok) throw notFound();
    return redirectWithToast(toVariants, { key: "adminVariants.bulkDone", params: { count: done.count } });
  }

  if (typeof intent === "string" && intent.startsWith("variant-")) {
    const parsed = variantActionSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw badRequest();
    const { variantId } = parsed.data;
    if (parsed.data.intent === "variant-delete") {
      const deleted = await deleteVariant(store.id, productId, variantId);
      if (!deleted.ok) {
        if (deleted.error === "not-found") throw notFound();
        const key = deleted.error === "ordered" ? "orderedVariant" : "lastVariant";
        return sectionAnswer("variant", 409, { key: `adminVariants.errors.${key}` });
      }
      return redirectWithToast(toVariants, { key: "adminVariants.deleted" });
    }
    const active = parsed.data.intent === "variant-activate";
    const changed = await setVariantActive(store.id, productId, variantId, active);
    if (!changed.ok) throw notFound();
    return redirectWithToast(toVariants, {
      key: active ? "adminVariants.activated" : "adminVariants.deactivated",
    });
  }

  throw badRequest();
});

export default function EditProduct() {
  const {
    product,
    mode,
    defaultValue,
    currency,
    currencyDigits: digits,
    constraint,
    categories,
    colorFamilies,
    variants,
    optionsValue,
    variantsValue,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  // The variants section's forms answer with `form`; the product form and the others without.
  const section = actionData && "form" in actionData ? actionData : null;
  const answered = !section && actionData && "result" in actionData && actionData.result ? actionData : null;
  // An upload the images panel's form had refused (a locale key).
  const uploadError =
    actionData && !("result" in actionData) && "imagesError" in actionData ? actionData.imagesError : null;
  return (
    <AdminPage title={t("admin.products.editTitle")}>
      <div className="flex flex-wrap justify-between gap-3">
        <Button to="/admin/products" variant="link">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>
          {t("admin.products.backToList")}
        </Button>
        {product.active ? (
          <Button to={`/products/${product.slug}`} variant="link">
            {t("admin.products.viewInStore")}
          </Button>
        ) : null}
      </div>
      {section ? null : <ActionNotice data={actionData} />}
      <ProductForm
        // A new product page (after a save that changed the slug, say) starts from its own values.
        key={`${product.id}:${mode}`}
        id="product-edit"
        currency={currency}
        currencyDigits={digits}
        constraint={constraint}
        defaultValue={defaultValue}
        reply={answered?.result}
        imagesError={null}
        categories={categories}
        colorFamilies={colorFamilies}
        submitLabel={t("admin.products.save")}
        mode={mode}
      />
      <ProductImages images={product.images} uploadError={uploadError} />
      <VariantsSection
        key={product.id}
        options={variants.options}
        variants={variants.variants}
        combinations={variants.combinations}
        images={product.images}
        currency={currency}
        currencyDigits={digits}
        optionsValue={optionsValue}
        variantsValue={variantsValue}
        answer={section}
      />
      <section
        aria-labelledby="danger-heading"
        className="flex flex-col gap-3 rounded-lg border border-line p-4 sm:p-6"
      >
        <h2 id="danger-heading" className="text-lg font-extrabold">
          {t("admin.products.sections.danger")}
        </h2>
        <p className="text-muted">
          {product.hasOrders
            ? t("admin.products.deleteOrderedDescription")
            : t("admin.products.deleteDescription")}
        </p>
        <div>
          <ConfirmDialog
            id="delete-product"
            trigger={t("admin.products.delete")}
            title={t("admin.products.deleteTitle")}
            description={
              product.hasOrders
                ? t("admin.products.deleteOrderedDescription")
                : t("admin.products.deleteDescription")
            }
            fields={{ intent: "delete" }}
          />
        </div>
      </section>
    </AdminPage>
  );
}

/**
 * The product's images in order, each a small form of its own (ADR 012: each change writes at
 * once): alt texts in both languages, a step up or down, removal.
 */
function ProductImages({ images, uploadError }: { images: AdminProductImage[]; uploadError: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <section
      id="images"
      aria-labelledby="images-heading"
      className="flex flex-col gap-4 rounded-lg border border-line p-4 sm:p-6"
    >
      <h2 id="images-heading" className="text-lg font-extrabold">
        {t("admin.products.sections.images")}
      </h2>
      <p className="text-muted">{t("admin.products.imagesIntro")}</p>
      {images.length === 0 ? <p className="text-muted">{t("admin.products.imagesEmpty")}</p> : null}
      <ol className="flex flex-col gap-4">
        {images.map((image, index) => {
          const label = t("admin.products.imageNumber", { n: index + 1 });
          const idFor = (name: string) => `image-${image.id}-${name}`;
          return (
            <li key={image.id} className="rounded-md border border-line p-3">
              <Form method="post" preventScrollReset className="flex flex-col gap-3 sm:flex-row">
                <input type="hidden" name="imageRowId" value={image.id} />
                <img
                  src={`/resources/image?url=/images/${image.imageId}&w=256`}
                  alt={(i18n.language === "ar" ? image.altAr : image.altEn) || label}
                  width={128}
                  height={128}
                  loading="lazy"
                  className="size-32 shrink-0 rounded object-cover"
                />
                <div className="flex grow flex-col gap-3">
                  <p className="font-bold">{label}</p>
                  <div className="grid gap-3 md:grid-cols-2">
                    <label htmlFor={idFor("altEn")} className="flex flex-col gap-1">
                      <span className="text-sm font-bold">{t("admin.products.fields.altEn")}</span>
                      <input
                        id={idFor("altEn")}
                        name="altEn"
                        defaultValue={image.altEn}
                        maxLength={200}
                        dir="ltr"
                        lang="en"
                        className="min-h-11 rounded-md border border-line bg-field px-3"
                      />
                    </label>
                    <label htmlFor={idFor("altAr")} className="flex flex-col gap-1">
                      <span className="text-sm font-bold">{t("admin.products.fields.altAr")}</span>
                      <input
                        id={idFor("altAr")}
                        name="altAr"
                        defaultValue={image.altAr}
                        maxLength={200}
                        dir="rtl"
                        lang="ar"
                        className="min-h-11 rounded-md border border-line bg-field px-3"
                      />
                    </label>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      name="intent"
                      value="image-save"
                      aria-label={`${t("admin.products.saveAlt")}: ${label}`}
                    >
                      {t("admin.products.saveAlt")}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      name="intent"
                      value="image-up"
                      disabled={index === 0}
                      aria-label={`${t("admin.products.moveUp")}: ${label}`}
                    >
                      {t("admin.products.moveUp")}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      name="intent"
                      value="image-down"
                      disabled={index === images.length - 1}
                      aria-label={`${t("admin.products.moveDown")}: ${label}`}
                    >
                      {t("admin.products.moveDown")}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      name="intent"
                      value="image-remove"
                      aria-label={`${t("admin.products.removeImage")}: ${label}`}
                    >
                      {t("admin.products.removeImage")}
                    </Button>
                  </div>
                </div>
              </Form>
            </li>
          );
        })}
      </ol>
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="flex flex-col gap-3 rounded-md border border-dashed border-line p-3"
      >
        <NewImagesField id="product-images" error={uploadError} />
        <div>
          <Button name="intent" value="images-add" variant="secondary">
            {t("admin.products.upload")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
