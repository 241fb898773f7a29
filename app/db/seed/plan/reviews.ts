/**
 * Shopper reviews; each published one is also counted into its product's rating_count and
 * rating_sum. The most reviewed product also shows moderation (issue 23): a held review with a
 * link (spam), a hidden one, and one the store answered.
 */
import { uuidv7 } from "uuidv7";
import { createRng } from "../prng";
import type { StoreDef } from "../stores";
import { DAY_MS, MINUTE_MS, type ProductRow, type ReviewRow, type UserRow } from "./types";

type Text = { title: string; comment: string };
type Band = "low" | "mid" | "high";

const TEXTS: Record<"en" | "ar", Record<Band, Text[]>> = {
  en: {
    high: [
      {
        title: "Exactly the shade I wanted",
        comment: "The colour came out just like the swatch. Clear instructions and fast delivery.",
      },
      {
        title: "Rich, even colour",
        comment: "No streaks at all and it has survived several washes without fading.",
      },
      { title: "Great value", comment: "A little goes a long way. I will definitely order again." },
      {
        title: "My new favourite",
        comment: "Beautiful depth of colour and easy to work with, even for a beginner.",
      },
    ],
    mid: [
      {
        title: "Good, but lighter than expected",
        comment: "Nice colour, although I needed a second round to get the depth I wanted.",
      },
      { title: "Does the job", comment: "Works as described. The packaging could be sturdier." },
    ],
    low: [
      {
        title: "Not for me",
        comment: "The result was patchy on my fabric. Maybe I did something wrong, but I expected more.",
      },
      { title: "Disappointing", comment: "The shade was noticeably different from the picture." },
    ],
  },
  ar: {
    high: [
      {
        title: "اللون كما توقعته تمامًا",
        comment: "جاء اللون مطابقًا للعينة، والتعليمات واضحة والتوصيل سريع.",
      },
      { title: "لون غني ومتجانس", comment: "لا خطوط إطلاقًا، وصمد اللون بعد عدة غسلات دون أن يبهت." },
      { title: "قيمة ممتازة", comment: "كمية قليلة تكفي للكثير، وسأطلبه مرة أخرى بالتأكيد." },
    ],
    mid: [
      {
        title: "جيد لكنه أفتح من المتوقع",
        comment: "اللون جميل، لكنني احتجت إلى جولة ثانية للحصول على العمق المطلوب.",
      },
      { title: "يؤدي الغرض", comment: "يعمل كما هو موصوف، لكن التغليف يحتاج إلى تحسين." },
    ],
    low: [
      { title: "لم يناسبني", comment: "جاءت النتيجة غير متساوية على القماش، وكنت أتوقع أفضل من ذلك." },
      { title: "مخيب للآمال", comment: "اختلف اللون بشكل واضح عن الصورة." },
    ],
  },
};

// Mostly happy customers, as in a real shop, with a few critical voices.
const RATING_WEIGHTS = [0.05, 0.07, 0.16, 0.34, 0.38];

export function planReviews(
  storeId: string,
  def: StoreDef,
  products: ProductRow[],
  shoppers: UserRow[],
  now: Date,
): ReviewRow[] {
  const rng = createRng(`${def.slug}:reviews`);
  const reviews: ReviewRow[] = [];
  for (const product of products) {
    if (!rng.chance(def.reviewedShare)) continue;
    const reviewers = rng.sample(shoppers, rng.int(1, Math.min(5, shoppers.length)));
    for (const reviewer of reviewers) {
      const rating = rng.weightedIndex(RATING_WEIGHTS) + 1;
      const band: Band = rating >= 4 ? "high" : rating === 3 ? "mid" : "low";
      const text = rng.pick(TEXTS[reviewer.locale === "ar" ? "ar" : "en"][band]);
      const createdAt = new Date(now.getTime() - rng.int(1, 55) * DAY_MS - rng.int(0, 1439) * MINUTE_MS);
      reviews.push({
        storeId,
        id: uuidv7(),
        productId: product.id,
        userId: reviewer.id,
        rating,
        title: text.title,
        comment: text.comment,
        createdAt,
        updatedAt: createdAt,
      });
      product.ratingCount += 1;
      product.ratingSum += rating;
    }
  }
  moderate(reviews, products, shoppers);
  return reviews;
}

const MODERATION_TEXTS = {
  en: {
    spam: {
      title: "Cheaper dyes here!!!",
      comment:
        "Don't buy from this shop, they are thieves. Get the same dye for half the price at www.cheap-dye-outlet.shop",
    },
    hidden: {
      title: "Terrible people",
      comment: "Whoever runs this shop is an idiot. Never again.",
    },
    reply:
      "Thank you for taking the time to review this shade! If anything was not as you hoped, write to us and we will make it right.",
  },
  ar: {
    spam: {
      title: "أصباغ أرخص هنا!!!",
      comment: "لا تشتروا من هذا المتجر، إنهم لصوص. الصبغة نفسها بنصف السعر على www.cheap-dye-outlet.shop",
    },
    hidden: { title: "أناس سيئون", comment: "من يدير هذا المتجر أحمق. لن أعود أبدًا." },
    reply: "شكرًا لوقتك في تقييم هذا اللون! إن لم يكن شيء كما تمنيت، راسلنا وسنصلحه.",
  },
} as const;

/** On the most reviewed product: its first review held (spam with a link), the second hidden, the third answered. */
function moderate(reviews: ReviewRow[], products: ProductRow[], shoppers: UserRow[]) {
  const byProduct = new Map<string, ReviewRow[]>();
  for (const review of reviews)
    byProduct.set(review.productId, [...(byProduct.get(review.productId) ?? []), review]);
  let chosen: ReviewRow[] = [];
  for (const list of byProduct.values()) if (list.length > chosen.length) chosen = list;
  const product = products.find((p) => p.id === chosen[0]?.productId);
  if (!product || chosen.length < 3) return;
  const localeOf = (review: ReviewRow) =>
    shoppers.find((shopper) => shopper.id === review.userId)?.locale === "ar" ? "ar" : "en";
  const [spam, hidden, answered] = chosen as [ReviewRow, ReviewRow, ReviewRow];
  for (const [review, status] of [
    [spam, "held"],
    [hidden, "hidden"],
  ] as const) {
    product.ratingCount -= 1;
    product.ratingSum -= review.rating;
    const text = MODERATION_TEXTS[localeOf(review)][status === "held" ? "spam" : "hidden"];
    Object.assign(review, { ...text, rating: 1, status });
  }
  answered.reply = MODERATION_TEXTS[localeOf(answered)].reply;
  answered.repliedAt = new Date(answered.createdAt!.getTime() + DAY_MS);
}
