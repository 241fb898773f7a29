/**
 * "A review awaits your approval": one email to each admin of the store for each review that
 * becomes held (issue 23), in the admin's language, with the review and a link to the held list.
 * Sent after the review committed; a mail failure never loses the review (the outbox keeps it).
 * There is no per-admin alert setting yet: every admin of the store gets it.
 */
import "~/lib/i18n.server";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products, reviews, users } from "~/db/schema";
import { getT } from "~/lib/i18n";
import { localized } from "~/lib/localized-name";
import { emailFrame, escapeHtml } from "~/services/email/email-frame.server";
import { sendEmail } from "~/services/email/email.server";
import { emailStore } from "~/services/email/email-templates.server";
import type { TenantStore } from "~/services/store/tenancy.server";
import { errorFields, logger } from "~/lib/log.server";
import { storeJoin } from "~/db/store-scope";

export async function sendHeldReviewEmails(store: TenantStore, reviewId: string): Promise<void> {
  try {
    const db = await getDb();
    const found = await db.withStore(store.id, async (tx) => {
      const [review] = await tx
        .select({
          rating: reviews.rating,
          title: reviews.title,
          comment: reviews.comment,
          shopper: users.name,
          nameEn: products.nameEn,
          nameAr: products.nameAr,
        })
        .from(reviews)
        .innerJoin(users, storeJoin(users, "id", reviews, "userId"))
        .innerJoin(products, storeJoin(products, "id", reviews, "productId"))
        .where(and(eq(reviews.storeId, store.id), eq(reviews.id, reviewId)));
      if (!review) return null;
      const admins = await tx
        .select({ email: users.email, name: users.name, locale: users.locale })
        .from(users)
        .where(and(eq(users.storeId, store.id), eq(users.isAdmin, true)));
      return { review, admins };
    });
    if (!found) return;
    const brand = emailStore(store);
    const link = `${brand.origin}/admin/reviews?status=held`;
    for (const admin of found.admins) {
      const locale = admin.locale ?? store.defaultLocale;
      const t = getT(locale);
      const { review } = found;
      const vars = {
        store: store.name,
        name: admin.name,
        product: localized(review.nameEn, review.nameAr, locale),
        shopper: review.shopper,
        rating: review.rating,
      };
      const subject = t("reviewModeration.email.subject", vars);
      const lines = [t("email.greeting", vars), t("reviewModeration.email.body", vars)];
      const quote = [`${t("reviews.starLabel", { count: review.rating })} · ${review.title}`, review.comment];
      const action = t("reviewModeration.email.action");
      const { start, color, page } = emailFrame(locale, {
        name: store.name,
        primaryColor: brand.primaryColor,
      });
      // The held alert has no footer: it goes to the store's own admins.
      const html = page(
        `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<blockquote dir="auto" style="margin:16px 0;padding:12px 16px;border-${start}:4px solid ${color};background:#f4f5f7;white-space:pre-line"><strong>${escapeHtml(quote[0]!)}</strong><br>${escapeHtml(quote[1]!)}</blockquote>`,
        { label: action, link },
        null,
      );
      const text = [...lines, quote.join("\n"), `${action}: ${link}`].join("\n\n");
      await sendEmail(store.id, {
        to: admin.email,
        subject,
        html,
        text,
        kind: "review-held",
        locale,
        fromName: store.name,
      });
    }
  } catch (error) {
    // The review stands either way; the failure is in the log (and the outbox, when it got there).
    logger.error({ reviewId, ...errorFields(error) }, "review-held email failed");
  }
}
