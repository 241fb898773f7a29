/** Minimal stores for integration tests, written as the table owner. */
import { uuidv7 } from "uuidv7";
import type { Db } from "~/db/client.server";
import { categories, products, stores, storeSettings, users } from "~/db/schema";

export interface StoreFixture {
  storeId: string;
  slug: string;
  categoryId: string;
  subcategoryId: string;
  productId: string;
  userId: string;
}

export async function createStoreFixture(
  db: Db,
  slug: string,
  options: { primaryColor?: string; customDomain?: string; domainVerified?: boolean } = {},
): Promise<StoreFixture> {
  const ids = {
    storeId: uuidv7(),
    categoryId: uuidv7(),
    subcategoryId: uuidv7(),
    productId: uuidv7(),
    userId: uuidv7(),
  };
  await db.owner.transaction(async (tx) => {
    await tx.insert(stores).values({
      id: ids.storeId,
      slug,
      name: `Store ${slug}`,
      customDomain: options.customDomain ?? null,
      customDomainVerifiedAt: options.domainVerified ? new Date() : null,
    });
    await tx
      .insert(storeSettings)
      .values({ storeId: ids.storeId, primaryColor: options.primaryColor ?? "#242F51" });
    await tx.insert(categories).values([
      { storeId: ids.storeId, id: ids.categoryId, slug: `${slug}-cat`, nameEn: "Cat", nameAr: "فئة" },
      {
        storeId: ids.storeId,
        id: ids.subcategoryId,
        parentId: ids.categoryId,
        slug: `${slug}-sub`,
        nameEn: "Sub",
        nameAr: "فرعية",
      },
    ]);
    await tx.insert(products).values({
      storeId: ids.storeId,
      id: ids.productId,
      slug: `${slug}-product`,
      nameEn: `${slug} red dye`,
      nameAr: `صبغة ${slug}`,
      priceCents: 1250,
      stock: 5,
      categoryId: ids.categoryId,
      subcategoryId: ids.subcategoryId,
      shadeHex: "#CC0000",
    });
    await tx.insert(users).values({
      storeId: ids.storeId,
      id: ids.userId,
      email: `shopper@${slug}.test`,
      name: "Shopper",
    });
  });
  return { slug, ...ids };
}
