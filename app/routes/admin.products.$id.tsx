import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { ProductForm } from "~/components/admin/ProductForm";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { PRODUCT_IMAGES_FIELD, readPostedImages } from "~/http/posted-images.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { currencyDigits } from "~/lib/money";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { minorToMajor, productFormSchema, productImageSchema } from "~/lib/validation/products-admin";
import {
  changeProductImage,
  deleteProduct,
  getAdminProduct,
  listCategoryOptions,
  listColorFamilies,
  saveProduct,
  type AdminProductImage,
} from "~/services/catalog/products-admin.server";

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
  const [product, categories, colorFamilies] = await Promise.all([
    getAdminProduct(store.id, productId),
    listCategoryOptions(store.id, locale),
    listColorFamilies(store.id),
  ]);
  if (!product) throw notFound();
  return {
    product,
    defaultValue: {
      nameEn: product.nameEn,
      nameAr: product.nameAr,
      descriptionEn: product.descriptionEn,
      descriptionAr: product.descriptionAr,
      slug: product.slug,
      price: minorToMajor(product.priceCents, digits),
      stock: String(product.stock),
      categoryId: product.categoryId ?? "",
      subcategoryId: product.subcategoryId ?? "",
      shadeHex: product.shadeHex ?? "",
      colorFamily: product.colorFamily ?? "",
      active: product.active ? "on" : undefined,
    },
    currency: store.currency,
    currencyDigits: digits,
    constraint: formConstraint(productFormSchema(digits)),
    categories,
    colorFamilies,
  };
});

/**
 * The edit page's forms, told apart by `intent`: the product (save, with new images), one image
 * (alt texts, up, down, remove) and delete. Each re-reads the product in the store's scope, so
 * another store's product or image row is "not found" and nothing changes.
 */
export const action = adminAction(async ({ params, store, user, form }) => {
  const productId = productIdOf(params);
  const intent = form.get("intent");
  const back = `/admin/products/${productId}`;

  if (intent === "save") {
    const submission = parseWithZod(form, { schema: productFormSchema(currencyDigits(store.currency)) });
    if (submission.status !== "success") {
      return data({ result: submission.reply(NO_FILES), imagesError: null }, { status: 400 });
    }
    const images = await readPostedImages(user.id, form);
    if (!images.ok) {
      return data(
        { result: submission.reply(NO_FILES), imagesError: images.error },
        { status: images.status },
      );
    }
    const saved = await saveProduct(store.id, productId, submission.value, images.uploads);
    if (!saved.ok) {
      if (saved.error === "not-found") throw notFound();
      return data(
        { result: submission.reply({ ...NO_FILES, fieldErrors: saved.fieldErrors }), imagesError: null },
        { status: 400 },
      );
    }
    return redirectWithToast(back, { key: "toast.updateSuccess" });
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

  throw badRequest();
});

export default function EditProduct() {
  const {
    product,
    defaultValue,
    currency,
    currencyDigits: digits,
    constraint,
    categories,
    colorFamilies,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const answered = actionData && "result" in actionData && actionData.result ? actionData : null;
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
      <ActionNotice data={actionData} />
      <ProductForm
        // A new product page (after a save that changed the slug, say) starts from its own values.
        key={product.id}
        id="product-edit"
        currency={currency}
        currencyDigits={digits}
        constraint={constraint}
        defaultValue={defaultValue}
        reply={answered?.result}
        imagesError={answered?.imagesError ?? null}
        categories={categories}
        colorFamilies={colorFamilies}
        submitLabel={t("admin.products.save")}
      />
      <ProductImages images={product.images} />
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
function ProductImages({ images }: { images: AdminProductImage[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section
      id="images"
      aria-labelledby="images-heading"
      className="flex flex-col gap-4 rounded-lg border border-line p-4 sm:p-6"
    >
      <h2 id="images-heading" className="text-lg font-extrabold">
        {t("admin.products.sections.currentImages")}
      </h2>
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
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
