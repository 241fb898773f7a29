/** The store admin, its shoppers with their saved addresses, a cart, a wishlist and contact requests. */
import { CITY_LIST } from "~/lib/city-list";
import { foldCityName } from "~/lib/city-names";
import { uuidv7 } from "uuidv7";
import { hashPassword } from "~/lib/passwords.server";
import type { ShopperDef } from "../accounts";
import { createRng } from "../prng";
import type { StoreDef } from "../stores";
import {
  DAY_MS,
  daysBefore,
  MINUTE_MS,
  type AddressRow,
  type CartRow,
  type ContactRow,
  type ProductRow,
  type UserRow,
  type WishlistRow,
} from "./types";

export interface Shopper {
  user: UserRow;
  def: ShopperDef;
}

export interface PeoplePlan {
  admin: UserRow;
  /** The owner's team (decision 041), in the order of the store's definition. */
  staff: UserRow[];
  shoppers: Shopper[];
  users: UserRow[];
  addresses: AddressRow[];
}

export async function planPeople(storeId: string, def: StoreDef, now: Date): Promise<PeoplePlan> {
  const rng = createRng(`${def.slug}:people`);
  // Argon2 runs on libuv's pool: hashing every account at once overlaps the work.
  const staffDefs = def.staff ?? [];
  const [adminHash, ...otherHashes] = await Promise.all([
    hashPassword(def.admin.password),
    ...staffDefs.map((s) => hashPassword(s.password)),
    ...def.shoppers.map((s) =>
      s.signInMethod === "email-link" ? Promise.resolve(null) : hashPassword(s.password),
    ),
  ]);

  const staffHashes = otherHashes.slice(0, staffDefs.length);
  const shopperHashes = otherHashes.slice(staffDefs.length);
  const adminCreatedAt = daysBefore(now, 120);
  const admin: UserRow = {
    storeId,
    id: uuidv7(),
    email: def.admin.email,
    name: def.admin.name,
    passwordHash: adminHash as string,
    signInMethod: "password",
    isAdmin: true,
    staffPreset: "owner",
    emailVerifiedAt: adminCreatedAt,
    locale: "en",
    createdAt: adminCreatedAt,
    updatedAt: adminCreatedAt,
  };

  // The team joined a week after the store opened.
  const staffCreatedAt = daysBefore(now, 113);
  const staff: UserRow[] = staffDefs.map((member, i) => ({
    storeId,
    id: uuidv7(),
    email: member.email,
    name: member.name,
    passwordHash: staffHashes[i] as string,
    signInMethod: "password",
    isAdmin: true,
    staffPreset: member.preset,
    emailVerifiedAt: staffCreatedAt,
    locale: "en",
    createdAt: staffCreatedAt,
    updatedAt: staffCreatedAt,
  }));

  const shoppers: Shopper[] = def.shoppers.map((shopperDef, i) => {
    // Registered 70 to 100 days ago: before any demo order or review.
    const createdAt = new Date(daysBefore(now, rng.int(70, 100)).getTime() + rng.int(0, 1439) * MINUTE_MS);
    return {
      def: shopperDef,
      user: {
        storeId,
        id: uuidv7(),
        email: shopperDef.email,
        name: shopperDef.name,
        passwordHash: shopperHashes[i] ?? null,
        signInMethod: shopperDef.signInMethod ?? "password",
        isAdmin: false,
        emailVerifiedAt: createdAt,
        locale: shopperDef.locale,
        createdAt,
        updatedAt: createdAt,
      },
    };
  });

  const addresses: AddressRow[] = shoppers.map(({ user, def: shopperDef }) => ({
    storeId,
    id: uuidv7(),
    userId: user.id,
    fullName: shopperDef.name,
    streetAddress: shopperDef.address.street,
    zipCode: shopperDef.address.zip,
    city: shopperDef.address.city,
    ...addressPlace(shopperDef.address),
    email: shopperDef.email,
    mobile: shopperDef.address.mobile,
    isDefault: true,
    createdAt: user.createdAt,
    updatedAt: user.createdAt,
  }));

  return { admin, staff, shoppers, users: [admin, ...staff, ...shoppers.map((s) => s.user)], addresses };
}

/** The demo shopper (first in the list) finds a cart and a wishlist waiting after signing in. */
export function planBaskets(
  storeId: string,
  def: StoreDef,
  shopper: UserRow,
  products: ProductRow[],
  now: Date,
): { cartItems: CartRow[]; wishlistItems: WishlistRow[] } {
  const rng = createRng(`${def.slug}:baskets`);
  const inStock = products.filter((p) => (p.stock ?? 0) > 0);
  const picked = rng.sample(inStock, 5);
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE_MS);
  const cartItems: CartRow[] = picked.slice(0, 2).map((product, i) => ({
    storeId,
    id: uuidv7(),
    userId: shopper.id,
    productId: product.id,
    quantity: i + 1,
    createdAt: at(90 - i * 10),
    updatedAt: at(90 - i * 10),
  }));
  const wishlistItems: WishlistRow[] = picked.slice(2).map((product, i) => ({
    storeId,
    id: uuidv7(),
    userId: shopper.id,
    productId: product.id,
    quantity: 1,
    createdAt: at(3 * 24 * 60 - i * 60),
    updatedAt: at(3 * 24 * 60 - i * 60),
  }));
  return { cartItems, wishlistItems };
}

export function planContactRequests(
  storeId: string,
  def: StoreDef,
  users: UserRow[],
  now: Date,
): ContactRow[] {
  const userByEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
  return def.contactRequests.map((request, i) => ({
    storeId,
    id: uuidv7(),
    userId: userByEmail.get(request.email.toLowerCase()) ?? null,
    name: request.name,
    email: request.email,
    comments: request.comments,
    status: request.read ? "read" : "new",
    createdAt: new Date(now.getTime() - request.daysAgo * DAY_MS - (i + 1) * 37 * MINUTE_MS),
  }));
}

/** The demo addresses' countries, by their mobile numbers' calling codes (issue 33). */
const CALLING_CODES: [string, string][] = [
  ["+966", "SA"],
  ["+971", "AE"],
  ["+961", "LB"],
  ["+962", "JO"],
  ["+964", "IQ"],
  ["+216", "TN"],
  ["+20", "EG"],
  ["+44", "GB"],
  ["+47", "NO"],
  ["+1", "US"],
];

export function addressPlace(address: { city: string; mobile: string }): {
  country: string;
  cityId: string | null;
} {
  const country = CALLING_CODES.find(([code]) => address.mobile.startsWith(code))?.[1] ?? "SA";
  const city = CITY_LIST.find(
    (c) =>
      c.country === country &&
      [c.nameEn, c.nameAr, ...c.aliases].some((name) => foldCityName(name) === foldCityName(address.city)),
  );
  return { country, cityId: city?.id ?? null };
}
