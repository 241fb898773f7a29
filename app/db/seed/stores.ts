/** The two demo stores: identity, branding, catalogue, shoppers and how busy each one is. */
import type { Permission, StaffPreset } from "~/lib/permissions";
import { DYES_SHOPPERS, INKS_SHOPPERS, type ShopperDef } from "./accounts";
import { DYES_CATALOG } from "./catalog/dyes";
import { INKS_CATALOG } from "./catalog/inks";
import type { CategoryDef } from "./catalog/types";
import { DYES_CONTENT, INKS_CONTENT, type SettingsContent } from "./content";
import { DEMO_PASSWORDS } from "./accounts";

export interface SaleDef {
  nameEn: string;
  nameAr: string;
  kind: "percent" | "fixed";
  /** Percent, or minor units off. */
  value: number;
  /** Days from seed time; negative is in the past. */
  startDays: number;
  endDays: number;
  target:
    { scope: "store" } | { scope: "categories"; slugs: string[] } | { scope: "products"; slugs: string[] };
}

/** A demo discount code (issue 20); `usedBy` demo orders used it (the most recent that qualify). */
export interface DiscountCodeDef {
  code: string;
  kind: "percentage" | "fixed" | "free_shipping";
  /** Percent, minor units off, or 0 for free shipping. */
  value: number;
  minSubtotalCents?: number;
  /** Days from seed time; negative is in the past. No end: null. */
  startDays: number;
  endDays: number | null;
  usageLimit?: number | null;
  perShopperLimit?: number | null;
  active?: boolean;
  target:
    { scope: "store" } | { scope: "categories"; slugs: string[] } | { scope: "products"; slugs: string[] };
  usedBy?: number;
}

export interface ContactRequestDef {
  name: string;
  email: string;
  comments: string;
  daysAgo: number;
  read: boolean;
}

export interface StoreDef {
  slug: string;
  name: string;
  primaryColor: string;
  secondaryColor: string;
  logo: "drop" | "nib";
  content: SettingsContent;
  catalog: CategoryDef[];
  admin: { email: string; name: string; password: string };
  /** The owner's team besides the owner (decision 041): admins with a preset role. */
  staff?: { email: string; name: string; password: string; preset: StaffPreset }[];
  /** Custom staff roles (issue 36): a name and its permissions. */
  customRoles?: { name: string; permissions: Permission[] }[];
  /** Invitations not accepted yet (issue 36): an address and a preset or a custom role's name. */
  pendingInvitations?: { email: string; preset?: StaffPreset; role?: string; sentDaysAgo: number }[];
  shoppers: ShopperDef[];
  orderCount: number;
  /** Share of products that get reviews at all. */
  reviewedShare: number;
  sales: SaleDef[];
  discountCodes?: DiscountCodeDef[];
  contactRequests: ContactRequestDef[];
  /** Flat shipping fee and free-shipping threshold (minor units) for new orders; none when absent. */
  shipping?: { feeCents: number; freeFromCents: number };
  /**
   * The store's Cash On Delivery fee (minor units) and its largest COD order (none when absent):
   * decision 030. Its COD orders of the last `feeSinceDays` days were placed with the fee.
   */
  cod?: { feeCents: number; maxTotalCents?: number; feeSinceDays: number };
  /**
   * "Ask shoppers to confirm Cash On Delivery orders" (issue 34, decision 040); off when absent.
   * Not on for Dye & Shade Co. yet: the browser specs that place COD orders on it and then act on
   * them expect them Confirmed (decision 040, "Not done here").
   */
  codConfirm?: boolean;
  /**
   * Where the store's subscription stands (issue 12): a plan (package code) paid up to `days` from
   * seeding, or a trial of it. No Stripe ids: with the Stripe test server running, start-up makes
   * an active plan a subscription there (services/billing/demo-subscription.server.ts); without
   * it "Manage billing" answers 'stripeId not found!'.
   */
  subscription?: { plan: string; status: "active" | "trialing"; days: number };
  /** The store's time zone (IANA); UTC when absent. */
  timeZone?: string;
  /**
   * Registered for VAT (issue 35): its number and legal names, prices including VAT at `rateBp`
   * (the store's own country's rate), shipping and the COD fee taxed. Unregistered when absent.
   */
  vat?: { number: string; legalNameEn: string; legalNameAr: string; rateBp: number };
}

export const DYES_STORE: StoreDef = {
  slug: "dyes",
  name: "Dye & Shade Co.",
  primaryColor: "#242F51",
  secondaryColor: "#384878",
  logo: "drop",
  content: DYES_CONTENT,
  catalog: DYES_CATALOG,
  admin: { email: "admin@dyes.test", name: "Dana Haddad", password: DEMO_PASSWORDS.admin },
  staff: [
    { email: "orders@dyes.test", name: "Omar Saleh", password: DEMO_PASSWORDS.ordersStaff, preset: "orders" },
    {
      email: "support@dyes.test",
      name: "Sara Nasser",
      password: DEMO_PASSWORDS.supportStaff,
      preset: "support",
    },
  ],
  customRoles: [{ name: "Packing lead", permissions: ["orders.view", "orders.edit", "reports.view"] }],
  pendingInvitations: [{ email: "packer@dyes.test", role: "Packing lead", sentDaysAgo: 1 }],
  shoppers: DYES_SHOPPERS,
  orderCount: 80,
  subscription: { plan: "growth", status: "active", days: 30 },
  // The demo's past orders were shipped free; new ones show the fee and the threshold at checkout.
  shipping: { feeCents: 499, freeFromCents: 5000 },
  // A Cash On Delivery fee, set ten days ago: the COD orders since then carry it.
  cod: { feeCents: 150, feeSinceDays: 10 },
  // Cash On Delivery orders wait for the shopper's confirmation (issue 34, decision 040).
  codConfirm: true,
  // Registered in Saudi Arabia; a number of the right shape (15 digits, 3 at both ends).
  vat: {
    number: "310122393500003",
    legalNameEn: "Dye & Shade Trading Co.",
    legalNameAr: "شركة الصبغة والظل للتجارة",
    rateBp: 1500,
  },
  reviewedShare: 0.55,
  sales: [
    {
      nameEn: "Natural Dyes Fortnight",
      nameAr: "أسبوعا الأصباغ الطبيعية",
      kind: "percent",
      value: 20,
      startDays: -3,
      endDays: 11,
      target: { scope: "categories", slugs: ["natural-dyes"] },
    },
    {
      nameEn: "Hair Colour Deal",
      nameAr: "عرض صبغات الشعر",
      kind: "fixed",
      value: 200,
      startDays: -2,
      endDays: 20,
      target: {
        scope: "products",
        slugs: [
          "chestnut-brown-hair-colour",
          "natural-black-hair-colour",
          "burgundy-semi-permanent-colour",
          "pure-red-henna",
        ],
      },
    },
    {
      // Scheduled: the demo shows a campaign that has not started yet.
      nameEn: "Candle Makers' Week",
      nameAr: "أسبوع صانعي الشموع",
      kind: "percent",
      value: 15,
      startDays: 5,
      endDays: 12,
      target: { scope: "categories", slugs: ["candle-and-soap-colours"] },
    },
    {
      nameEn: "Spring Sale",
      nameAr: "تخفيضات الربيع",
      kind: "percent",
      value: 10,
      startDays: -50,
      endDays: -40,
      target: { scope: "store" },
    },
  ],
  discountCodes: [
    // The one the demo's acceptance tries: 10 % off the whole store, no minimum, unlimited.
    {
      code: "WELCOME10",
      kind: "percentage",
      value: 10,
      startDays: -30,
      endDays: null,
      target: { scope: "store" },
      usedBy: 5,
    },
    // Free shipping from 30.00, once per shopper: new orders pay 4.99 shipping below 50.00.
    {
      code: "FREESHIP",
      kind: "free_shipping",
      value: 0,
      minSubtotalCents: 3000,
      perShopperLimit: 1,
      startDays: -10,
      endDays: null,
      target: { scope: "store" },
    },
    // Scheduled: a holiday code that has not started yet.
    { code: "EID25", kind: "percentage", value: 25, startDays: 7, endDays: 14, target: { scope: "store" } },
    // Expired: a fabric dye promotion that ran a month and a half ago.
    {
      code: "SUMMER15",
      kind: "percentage",
      value: 15,
      startDays: -58,
      endDays: -38,
      target: { scope: "categories", slugs: ["fabric-dyes"] },
      usedBy: 2,
    },
    // Used up: 5.00 off orders from 20.00, three uses, one each.
    {
      code: "LAUNCH5",
      kind: "fixed",
      value: 500,
      minSubtotalCents: 2000,
      usageLimit: 3,
      perShopperLimit: 1,
      startDays: -50,
      endDays: null,
      target: { scope: "store" },
      usedBy: 3,
    },
  ],
  contactRequests: [
    {
      name: "James Carter",
      email: "james.carter@example.com",
      comments: "Do you ship to Canada, and how long does delivery usually take?",
      daysAgo: 12,
      read: true,
    },
    {
      name: "ليلى ناصر",
      email: "layla.nasser@example.com",
      comments: "هل صبغة الحناء الحمراء مناسبة للشعر المصبوغ سابقًا؟",
      daysAgo: 4,
      read: false,
    },
    {
      name: "Priya Shah",
      email: "priya.shah@example.com",
      comments: "I run a small bakery. Do you offer trade prices on gel food colours bought by the case?",
      daysAgo: 1,
      read: false,
    },
  ],
};

export const INKS_STORE: StoreDef = {
  slug: "inks",
  name: "Ink Atelier",
  primaryColor: "#0F5132",
  secondaryColor: "#198754",
  logo: "nib",
  content: INKS_CONTENT,
  catalog: INKS_CATALOG,
  admin: { email: "admin@inks.test", name: "Idris Farouk", password: DEMO_PASSWORDS.admin },
  shoppers: INKS_SHOPPERS,
  orderCount: 24,
  subscription: { plan: "starter", status: "trialing", days: 10 },
  // Run from Riyadh: its dates, sale times and report days are Riyadh's (the dyes store stays UTC).
  timeZone: "Asia/Riyadh",
  reviewedShare: 0.3,
  sales: [
    {
      nameEn: "Calligraphy Month",
      nameAr: "شهر الخط",
      kind: "percent",
      value: 15,
      startDays: -5,
      endDays: 25,
      target: { scope: "categories", slugs: ["calligraphy-inks"] },
    },
  ],
  discountCodes: [
    {
      code: "INK10",
      kind: "percentage",
      value: 10,
      startDays: -20,
      endDays: null,
      target: { scope: "store" },
      usedBy: 1,
    },
  ],
  contactRequests: [
    {
      name: "Nora Lind",
      email: "nora.lind@example.com",
      comments: "Is the Iron Gall Ink safe for vintage fountain pens?",
      daysAgo: 6,
      read: false,
    },
  ],
};

export const DEMO_STORES: readonly StoreDef[] = [DYES_STORE, INKS_STORE];
