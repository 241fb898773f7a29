/**
 * The demo's products in sizes (issue 19, decision 023): dyes in 50 g / 250 g / 1 kg, an ink in
 * two bottle sizes, one product in Size × Finish. Every product already has its default variant
 * (the database makes it, under the product's id): here it becomes the first combination, and
 * the other combinations are added. Prices derive from the product's own, so the smallest size
 * keeps the price the product had. The larger dye sizes and both ink bottles have their own
 * picture (a bigger pack, a taller bottle). The demo's orders of these products buy their sizes
 * in turn, each line at its size's price with the discount a sale gave it then.
 */
import { uuidv7 } from "uuidv7";
import type * as schema from "~/db/schema";
import { dyePackPng, inkBottlePng, type PngImage } from "../images";
import type { OrdersPlan } from "./orders";
import type { SalesPlan } from "./sales";
import type { ImageRow, OrderItemRow, ProductImageRow, ProductRow } from "./types";

type OptionRow = typeof schema.productOptions.$inferInsert & { id: string };
type ValueRow = typeof schema.productOptionValues.$inferInsert & { id: string };
type VariantRow = typeof schema.productVariants.$inferInsert & { id: string };

interface OptionSpec {
  nameEn: string;
  nameAr: string;
  values: [en: string, ar: string][];
}

interface ProductSpec {
  options: OptionSpec[];
  /**
   * One per combination in use: value index per option, price as a multiple of the product's,
   * stock, and its own picture (a pack or a bottle drawn at `scale`) when it has one.
   */
  variants: {
    values: number[];
    factor: number;
    stock: number;
    picture?: { kind: "pack" | "bottle"; scale: number };
  }[];
}

const SIZE_DYE: OptionSpec = {
  nameEn: "Size",
  nameAr: "الحجم",
  values: [
    ["50 g", "50 غ"],
    ["250 g", "250 غ"],
    ["1 kg", "1 كغ"],
  ],
};

/**
 * 50 g at the product's price (its swatch is its picture), 250 g at four times less a little,
 * 1 kg at twelve times; the two larger sizes pictured as packs.
 */
const dyeInSizes = (stock50: number, stock250: number, stock1kg: number): ProductSpec => ({
  options: [SIZE_DYE],
  variants: [
    { values: [0], factor: 1, stock: stock50 },
    { values: [1], factor: 3.6, stock: stock250, picture: { kind: "pack", scale: 0.72 } },
    { values: [2], factor: 12, stock: stock1kg, picture: { kind: "pack", scale: 1 } },
  ],
});

const SPECS: Record<string, ProductSpec> = {
  // One size low on stock (the 1 kg), as the acceptance walk expects.
  "crimson-red-fabric-dye": dyeInSizes(40, 18, 3),
  "royal-blue-fabric-dye": dyeInSizes(35, 14, 6),
  "emerald-green-fabric-dye": dyeInSizes(30, 12, 8),
  "jet-black-fabric-dye": dyeInSizes(50, 20, 10),
  "tangerine-cold-water-dye": dyeInSizes(25, 10, 0),
  "lemon-yellow-cold-water-dye": dyeInSizes(28, 11, 4),
  "midnight-blue-ink": {
    options: [
      {
        nameEn: "Bottle",
        nameAr: "القارورة",
        values: [
          ["50 ml", "50 مل"],
          ["100 ml", "100 مل"],
        ],
      },
    ],
    variants: [
      { values: [0], factor: 1, stock: 30, picture: { kind: "bottle", scale: 0.74 } },
      { values: [1], factor: 1.8, stock: 12, picture: { kind: "bottle", scale: 1 } },
    ],
  },
  "fuchsia-cold-water-dye": {
    options: [
      {
        nameEn: "Size",
        nameAr: "الحجم",
        values: [
          ["100 g", "100 غ"],
          ["500 g", "500 غ"],
        ],
      },
      {
        nameEn: "Finish",
        nameAr: "اللمسة النهائية",
        values: [
          ["Matte", "مطفأ"],
          ["Shimmer", "لامع"],
        ],
      },
    ],
    variants: [
      { values: [0, 0], factor: 1, stock: 20 },
      { values: [0, 1], factor: 1.2, stock: 9 },
      { values: [1, 0], factor: 4, stock: 7 },
      { values: [1, 1], factor: 4.5, stock: 2 },
    ],
  },
};

/** A price ending in 99 minor units, near `cents` (and never below 99). */
const retail = (cents: number) => Math.max(99, Math.round(cents / 100) * 100 - 1);

export interface VariantPlan {
  /** The variants' own pictures (written with the store's other images). */
  images: ImageRow[];
  /** Those pictures in their products' galleries: a variant's picture is one of its product's. */
  productImages: ProductImageRow[];
  options: OptionRow[];
  values: ValueRow[];
  /** Updates of the default variants (id = product id) to their first combination. */
  defaults: VariantRow[];
  /** The other combinations. */
  variants: VariantRow[];
}

export async function planVariants(
  storeId: string,
  products: ProductRow[],
  orders: OrdersPlan,
  sales: SalesPlan,
): Promise<VariantPlan> {
  const plan: VariantPlan = {
    images: [],
    productImages: [],
    options: [],
    values: [],
    defaults: [],
    variants: [],
  };
  const drawings: Promise<void>[] = [];
  const ordersById = new Map(orders.orders.map((order) => [order.id, order]));
  for (const product of products) {
    const spec = SPECS[product.slug];
    if (!spec) continue;
    const valueIds = spec.options.map((option, index) => {
      const optionId = uuidv7();
      plan.options.push({
        storeId,
        id: optionId,
        productId: product.id,
        position: index + 1,
        nameEn: option.nameEn,
        nameAr: option.nameAr,
      });
      return option.values.map(([valueEn, valueAr], position) => {
        const id = uuidv7();
        plan.values.push({ storeId, id, optionId, position, valueEn, valueAr });
        return id;
      });
    });
    const rows = spec.variants.map((variant, position) => {
      const ids = variant.values.map((value, option) => valueIds[option]![value]!);
      const sku = [
        product.slug,
        ...variant.values.map((value, option) => spec.options[option]!.values[value]![0]),
      ]
        .join("-")
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, "-");
      const row: VariantRow = {
        storeId,
        id: position === 0 ? product.id : uuidv7(),
        productId: product.id,
        sku,
        priceCents: position === 0 ? product.priceCents : retail(product.priceCents * variant.factor),
        stock: variant.stock,
        position,
        option1ValueId: ids[0] ?? null,
        option2ValueId: ids[1] ?? null,
        option3ValueId: ids[2] ?? null,
      };
      if (variant.picture) {
        const { kind, scale } = variant.picture;
        const image: ImageRow & { id: string } = { storeId, id: uuidv7() } as ImageRow & { id: string };
        row.imageId = image.id;
        plan.images.push(image);
        const label = (language: 0 | 1) =>
          variant.values.map((value, option) => spec.options[option]!.values[value]![language]).join(", ");
        plan.productImages.push({
          storeId,
          id: uuidv7(),
          productId: product.id,
          imageId: image.id,
          // After the product's own picture (position 0), in the order of the variants.
          position: 1 + position,
          altEn: `${product.nameEn}, ${label(0)}`,
          altAr: `${product.nameAr}، ${label(1)}`,
        });
        // Drawn in sharp's thread pool, all at once; the row is filled in when it is done.
        const draw = kind === "pack" ? dyePackPng : inkBottlePng;
        drawings.push(
          draw(product.shadeHex ?? "#888888", scale).then((png: PngImage) => {
            Object.assign(image, {
              contentType: "image/png",
              bytes: png.bytes,
              byteSize: png.bytes.length,
              width: png.width,
              height: png.height,
              sha256: png.sha256,
              createdAt: product.createdAt,
            });
          }),
        );
      }
      (position === 0 ? plan.defaults : plan.variants).push(row);
      return row;
    });
    // The product row carries its variants' summary from the start, as the database keeps it.
    product.stock = spec.variants.reduce((sum, variant) => sum + variant.stock, 0);
    // Its orders bought each size in turn, at that size's price and the discount of its moment.
    let turn = 0;
    for (const item of orders.orderItems) {
      if (item.productId !== product.id) continue;
      const index = turn++ % rows.length;
      const variant = spec.variants[index]!;
      const row = rows[index]!;
      const order = ordersById.get(item.orderId)!;
      const unitPrice = row.priceCents;
      const unitDiscount = sales.unitDiscountAt(
        { ...product, priceCents: unitPrice },
        order.createdAt as Date,
      );
      const lineTotal = (unitPrice - unitDiscount) * item.quantity;
      order.subtotalCents! += (unitPrice - item.unitPriceCents) * item.quantity;
      order.discountCents! += (unitDiscount - item.unitDiscountCents!) * item.quantity;
      order.totalCents =
        order.subtotalCents! - order.discountCents! + (order.shippingCents ?? 0) + (order.codFeeCents ?? 0);
      Object.assign(item, {
        variantId: row.id,
        sku: row.sku,
        unitPriceCents: unitPrice,
        unitDiscountCents: unitDiscount,
        lineTotalCents: lineTotal,
        options: variant.values.map((value, option) => ({
          nameEn: spec.options[option]!.nameEn,
          nameAr: spec.options[option]!.nameAr,
          valueEn: spec.options[option]!.values[value]![0],
          valueAr: spec.options[option]!.values[value]![1],
        })),
      } satisfies Partial<OrderItemRow>);
    }
  }
  await Promise.all(drawings);
  return plan;
}
