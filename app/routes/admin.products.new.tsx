import { data, type MetaFunction } from "@remix-run/node";
import { getStoreSettings } from "~/services/store/settings.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { BackButton } from "~/components/admin/BackButton";
import { ProductForm } from "~/components/admin/ProductForm";
import { Notice } from "~/components/ui/Notice";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { postsImages, PRODUCT_IMAGES_FIELD, readPostedImages } from "~/http/posted-images.server";
import { Refusal } from "~/http/refusal.server";
import { listIntentReply, parseListForm } from "~/http/submission.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { currencyDigits } from "~/lib/money";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { newProductFormSchema } from "~/lib/validation/variants-admin";
import {
  listCategoryOptions,
  listColorFamilies,
  saveProduct,
} from "~/services/catalog/products-admin.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.products.newTitle") });

export const loader = adminLoader("products.edit", async ({ store, locale }) => {
  const digits = currencyDigits(store.currency);
  const [categories, colorFamilies] = await Promise.all([
    listCategoryOptions(store.id, locale),
    listColorFamilies(store.id),
  ]);
  return {
    currency: store.currency,
    currencyDigits: digits,
    constraint: formConstraint(newProductFormSchema(digits)),
    categories,
    colorFamilies,
    defaultWeightGrams: (await getStoreSettings(store.id)).defaultWeightGrams,
  };
});

// Files are never sent back in the answer (a browser cannot refill a file input anyway).
const NO_FILES = { hideFields: [PRODUCT_IMAGES_FIELD] };

/**
 * Creates a product with its images (checked before anything is written) and its options, if
 * any, with a variant for each combination; then opens it for editing with 'update
 * successfully'. Another store's category id is "not found" (404). An option's Add, Remove or
 * Move button answers with the form changed (200) and saves nothing.
 */
export const action = adminAction("products.edit", async ({ store, user, form }) => {
  const submission = parseListForm(form, newProductFormSchema(currencyDigits(store.currency)));
  if (submission.status === undefined) {
    // Nothing is saved, so the chosen files are not either: a page that reloads (no JavaScript)
    // comes back without them and says so; with JavaScript the file input keeps them.
    return data({
      result: listIntentReply(submission, NO_FILES),
      imagesError: null,
      imagesDropped: postsImages(form),
    });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(NO_FILES), imagesError: null }, { status: 400 });
  }
  const images = await readPostedImages(user.id, form);
  if (!images.ok) {
    return data({ result: submission.reply(NO_FILES), imagesError: images.error }, { status: images.status });
  }
  const saved = await saveProduct(store.id, null, submission.value, images.uploads, submission.value.options);
  if (!saved.ok) {
    if (saved.error === "not-found") throw new Refusal(404, { key: "notFound.page" });
    return data(
      { result: submission.reply({ ...NO_FILES, fieldErrors: saved.fieldErrors }), imagesError: null },
      { status: 400 },
    );
  }
  return redirectWithToast(`/admin/products/${saved.id}`, { key: "toast.updateSuccess" });
});

export default function NewProduct() {
  const {
    currency,
    currencyDigits: digits,
    constraint,
    categories,
    colorFamilies,
    defaultWeightGrams,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const answered = actionData && "result" in actionData && actionData.result ? actionData : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  return (
    <AdminPage title={t("admin.products.newTitle")}>
      <div>
        <BackButton to="/admin/products" label={t("admin.products.backToList")} />
      </div>
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      <ProductForm
        id="product-new"
        defaultWeightGrams={defaultWeightGrams}
        currency={currency}
        currencyDigits={digits}
        constraint={constraint}
        defaultValue={{ active: "on", stock: "0" }}
        reply={answered?.result}
        imagesError={answered?.imagesError ?? null}
        imagesDropped={answered !== null && "imagesDropped" in answered && answered.imagesDropped}
        categories={categories}
        colorFamilies={colorFamilies}
        submitLabel={t("admin.products.create")}
        mode="new"
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
