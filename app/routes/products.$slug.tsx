import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { MessagePage } from "~/components/MessagePage";
import { GALLERY_SIZES } from "~/components/product/Gallery";
import { ProductDetails } from "~/components/product/ProductDetails";
import { imagePreload } from "~/lib/image-preload";
import { seo } from "~/lib/seo";
import { findVariant, initialChoice } from "~/lib/variant-choice";
import { redirectWithToast } from "~/lib/toast.server";
import { reviewSchema } from "~/lib/validation/review";
import { getOptionalUser } from "~/http/guards.server";
import { pageTemplateOf } from "~/http/page-template.server";
import { shopperAction, storeLoader } from "~/http/handlers.server";
import { isLookupKey } from "~/http/params.server";
import { getServerT } from "~/lib/i18n.server";
import { productJsonLdText } from "~/services/catalog/product-json-ld.server";
import { findActiveProductId, getProductDetail, productPageData } from "~/services/catalog/products.server";
import { sendHeldReviewEmails } from "~/services/catalog/review-emails.server";
import { submitReview } from "~/services/catalog/reviews.server";

/** Unknown slug, inactive product, another store's slug: all the same 404. */
function productNotFound() {
  return data({ reason: "product-not-found" as const }, { status: 404 });
}

const productPath = (slug: string) => `/products/${encodeURIComponent(slug)}`;

export const loader = storeLoader(async ({ request, context, params, store, locale }) => {
  if (!isLookupKey(params.slug)) throw productNotFound();
  // The shared copy of a signed-in page (decision 031): the viewer's state from the template.
  const template = pageTemplateOf(context);
  const user = template ? null : await getOptionalUser(request, context);
  const product = await getProductDetail(store.id, params.slug, {
    locale,
    currency: store.currency,
    userId: user?.id,
    viewer: template?.product ? { ...template.product, ownReview: null } : undefined,
  });
  if (!product) throw productNotFound();
  // The cache read no such product for the viewer: its shape would be wrong, so no template.
  if (template && !template.product) throw new Error("product page template without the product's state");
  const path = productPath(product.slug);
  // The variant to show: `?variant=`, or the values the no-JavaScript "show" button sent (then
  // the page's own address for them), or the first in stock.
  const choice = initialChoice(product, new URL(request.url).searchParams);
  const chosen = choice.fromOptions ? findVariant(product.variants, choice.values) : undefined;
  if (chosen) throw redirect(`${path}?variant=${chosen.id}`);
  if (context.documentOnly) {
    const t = getServerT(locale);
    context.documentOnly.productJsonLd = productJsonLdText(product, {
      origin: new URL(request.url).origin,
      path,
      homeName: t("productPage.home"),
      productsName: t("productPage.products"),
    });
  }
  return {
    product: productPageData(product),
    locale,
    signedIn: template !== undefined || user !== null,
    path,
    choice: choice.values,
  };
});

/**
 * The review form: one review per shopper per product, a second submit edits the first. An
 * anonymous shopper signs in first and comes back to this page (shopperAction).
 */
export const action = shopperAction(async ({ params, store, user, form }) => {
  const slug = params.slug ?? "";
  if (!isLookupKey(slug)) throw productNotFound();
  const productId = await findActiveProductId(store.id, slug);
  if (!productId) throw productNotFound();
  const path = productPath(slug);
  const submission = parseWithZod(form, { schema: reviewSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  const saved = await submitReview(store.id, user.id, productId, submission.value);
  if (!saved.ok) throw productNotFound();
  // Held (the store's setting, or a link): the admins are told; the page marks it for the shopper.
  if (saved.newlyHeld) await sendHeldReviewEmails(store, saved.reviewId);
  return redirectWithToast(path, { key: "toast.reviewSubmitted" });
});

export const meta: MetaFunction<typeof loader> = ({ matches, data, error, location }) => {
  if (error || !data) return seo({ matches, page: (t) => t("notFound.product") });
  // The gallery's first picture (the chosen variant's, else the product's) is the largest paint.
  const main = findVariant(data.product.variants, data.choice)?.image ?? data.product.images[0];
  return [
    ...seo({
      matches,
      path: location.pathname,
      page: () => data.product.name,
      description: () => data.product.description.replace(/\s+/g, " ").slice(0, 160) || null,
    }),
    ...(main ? [imagePreload({ href: main.src, srcSet: main.srcSet, sizes: GALLERY_SIZES })] : []),
  ];
};

export default function ProductPage() {
  const { product, locale, signedIn, path, choice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ProductDetails
      // The shopper's choice lives in the page: a new product starts afresh, a reload of the
      // same one (after adding to the cart) keeps it.
      key={product.id}
      product={product}
      choice={choice}
      locale={locale}
      signedIn={signedIn}
      path={path}
      reviewReply={actionData?.result}
    />
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return <MessagePage status={500} title={t("error.title")} message={t("error.message")} />;
  }
  return (
    <>
      <MessagePage status={404} title={t("notFound.product")} message={t("productPage.notFoundMessage")} />
      <p className="-mt-12 mb-12 text-center">
        <Link to="/products" className="font-bold text-primary-ink underline underline-offset-4">
          {t("productPage.backToProducts")}
        </Link>
      </p>
    </>
  );
}
