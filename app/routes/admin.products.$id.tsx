/**
 * /admin/products/:id: the product form, its images (each a small form of its own), its options
 * and variants (issue 19, answered by product-variants-action.server.ts) and delete. Every form
 * re-reads the product in the store's scope: another store's product is the page's 404.
 */
import { getStoreSettings } from "~/services/store/settings.server";
import type { MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { BackButton } from "~/components/admin/BackButton";
import { DeleteProductSection } from "~/components/admin/DeleteProductSection";
import { ProductForm } from "~/components/admin/ProductForm";
import { ProductImages } from "~/components/admin/ProductImages";
import { VariantsSection } from "~/components/admin/VariantsSection";
import { Button } from "~/components/ui/Button";
import { notFoundPage as notFound, pathKey } from "~/http/entity.server";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { INTENT_ONLY, intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { PRODUCT_IMAGES_FIELD, readPostedImages } from "~/http/posted-images.server";
import { variantsSectionIntents } from "~/http/product-variants-action.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { currencyDigits } from "~/lib/money";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { productFormSchema, productImageSchema } from "~/lib/validation/products-admin";
import { productFormValues, variantsFormValues } from "~/services/catalog/product-form.server";
import {
  addProductImages,
  changeProductImage,
  deleteProduct,
  getAdminProduct,
  listCategoryOptions,
  listColorFamilies,
  saveProduct,
} from "~/services/catalog/products-admin.server";
import { getAdminVariants, productOptionCount } from "~/services/catalog/variants-admin.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.products.editTitle") });

export const loader = adminLoader("products.edit", async ({ params, store, locale }) => {
  const productId = pathKey(params.id);
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
    defaultValue: productFormValues(product, digits),
    currency: store.currency,
    currencyDigits: digits,
    constraint: formConstraint(productFormSchema(digits, { pricing })),
    categories,
    colorFamilies,
    variants,
    defaultWeightGrams: (await getStoreSettings(store.id)).defaultWeightGrams,
    ...variantsFormValues(variants, digits),
  };
});

/** The product of the page's path: another store's is "not found" in every service below. */
const productOf = ({ params }: AdminArgs) => pathKey(params.id);
const backTo = (args: AdminArgs) => `/admin/products/${productOf(args)}`;

/** One image's row: its alt texts saved, moved up or down, or removed. */
async function changeImage(
  { intent, imageRowId, altEn, altAr }: z.output<typeof productImageSchema>,
  args: AdminArgs,
) {
  const kind = intent.slice("image-".length) as "save" | "up" | "down" | "remove";
  const changed = await changeProductImage(
    args.store.id,
    productOf(args),
    imageRowId,
    kind === "save" ? { kind, altEn, altAr } : { kind },
  );
  if (!changed.ok) throw notFound();
  return redirectWithToast(`${backTo(args)}#images`, { key: "toast.updateSuccess" });
}
const IMAGE_ROW = [productImageSchema, changeImage, { messageFields: ["altEn", "altAr"] }] as const;

/**
 * The edit page's forms, told apart by `intent`: the product (save), new images, one image (alt
 * texts, up, down, remove), delete, and the options and variants section's (each answers in its
 * own section). Each re-reads the product in the store's scope, so another store's product or
 * image row is "not found" and nothing changes.
 */
export const action = intentAction("products.edit", {
  save: [
    SCHEMA_FORM,
    async (_, args) => {
      const { store } = args;
      const productId = productOf(args);
      // A product with options has no price or stock on this form (its variants have them).
      const pricing = (await productOptionCount(store.id, productId)) === 0;
      return submitSchemaForm(args, {
        schema: productFormSchema(currencyDigits(store.currency), { pricing }),
        // Files are never sent back in the answer (a browser cannot refill a file input anyway).
        hideFields: [PRODUCT_IMAGES_FIELD],
        extra: () => ({ imagesError: null }),
        // Images are not this form's: the images panel uploads them ("images-add").
        save: (value) => saveProduct(store.id, productId, value, []),
        refuse: (saved) =>
          saved.ok
            ? null
            : saved.error === "not-found"
              ? notFound()
              : { status: 400, fieldErrors: saved.fieldErrors },
        success: { path: backTo(args) },
      });
    },
  ],
  "images-add": [
    INTENT_ONLY,
    async (_, args) => {
      const { store, user, form } = args;
      const productId = productOf(args);
      const images = await readPostedImages(user.id, form);
      if (!images.ok) return data({ imagesError: images.error }, { status: images.status });
      if (images.uploads.length === 0) {
        return data({ imagesError: "admin.products.errors.noImagesChosen" }, { status: 400 });
      }
      const added = await addProductImages(store.id, productId, images.uploads);
      if (!added.ok) throw notFound();
      return redirectWithToast(`${backTo(args)}#images`, { key: "toast.updateSuccess" });
    },
  ],
  "image-save": IMAGE_ROW,
  "image-up": IMAGE_ROW,
  "image-down": IMAGE_ROW,
  "image-remove": IMAGE_ROW,
  delete: [
    INTENT_ONLY,
    async (_, args) => {
      const deleted = await deleteProduct(args.store.id, productOf(args));
      if (!deleted.ok) throw notFound();
      return deleted.outcome === "archived"
        ? redirectWithToast(backTo(args), { key: "admin.products.archived", type: "info" })
        : redirectWithToast("/admin/products", { key: "admin.products.deleted" });
    },
  ],
  // ── Options and variants (issue 19): each form answers in its own section. ──
  ...variantsSectionIntents,
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
    defaultWeightGrams,
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
        <BackButton to="/admin/products" label={t("admin.products.backToList")} />
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
        defaultWeightGrams={defaultWeightGrams}
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
        defaultWeightGrams={defaultWeightGrams}
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
      <DeleteProductSection hasOrders={product.hasOrders} />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
