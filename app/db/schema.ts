/**
 * The whole data model (DESIGN §4). Every tenant table carries `store_id` and a composite
 * primary key `(store_id, id)`; foreign keys between tenant tables are composite, so a row can
 * never point into another store. Row-level security for these tables lives in the hand-written
 * migration `drizzle/0001_rls.sql` (drizzle-kit cannot express FORCE).
 */
import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { uuidv7 } from "uuidv7";
import { DEFAULT_CONTACT_HOURS } from "../lib/contact-hours";
import { TAX_CLASSES } from "../lib/vat-math";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const id = () =>
  uuid("id")
    .notNull()
    .$defaultFn(() => uuidv7());
const storeId = () => uuid("store_id").notNull();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const lower = (column: AnyPgColumn) => sql`lower(${column})`;

// ───────────────────────────── platform tables ─────────────────────────────

export const packages = pgTable("packages", {
  id: uuid("id")
    .primaryKey()
    .$defaultFn(() => uuidv7()),
  code: text("code").notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameAr: text("name_ar").notNull(),
  descriptionEn: text("description_en").notNull().default(""),
  descriptionAr: text("description_ar").notNull().default(""),
  priceCents: integer("price_cents").notNull(),
  currency: text("currency").notNull().default("USD"),
  interval: text("interval", { enum: ["month", "year"] })
    .notNull()
    .default("month"),
  stripePriceId: text("stripe_price_id"),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Entitlement: a store on this plan may answer on its own domain (decision 026). */
  allowsCustomDomain: boolean("allows_custom_domain").notNull().default(false),
  createdAt: createdAt(),
});

export const stores = pgTable(
  "stores",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: ["active", "suspended"] })
      .notNull()
      .default("active"),
    currency: text("currency").notNull().default("USD"),
    defaultLocale: text("default_locale", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    customDomain: text("custom_domain"),
    customDomainVerifiedAt: timestamp("custom_domain_verified_at", { withTimezone: true }),
    domainVerifyToken: text("domain_verify_token"),
    /** The last DNS check of the custom domain, and why it failed (null when it passed). */
    customDomainCheckedAt: timestamp("custom_domain_checked_at", { withTimezone: true }),
    customDomainError: text("custom_domain_error"),
    /** When the domain was entered: an unverified claim lapses 7 days later. */
    customDomainClaimedAt: timestamp("custom_domain_claimed_at", { withTimezone: true }),
    packageId: uuid("package_id").references(() => packages.id),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    subscriptionStatus: text("subscription_status"),
    subscriptionCurrentPeriodEnd: timestamp("subscription_current_period_end", {
      withTimezone: true,
    }),
    /** When our own trial's end was announced by email: set as the job claims the store, so once. */
    trialEndingNotifiedAt: timestamp("trial_ending_notified_at", { withTimezone: true }),
    stripeAccountId: text("stripe_account_id"),
    stripeChargesEnabled: boolean("stripe_charges_enabled").notNull().default(false),
    lastOrderNumber: integer("last_order_number").notNull().default(1000),
    /**
     * When the store's products' display prices are next due to change (a sale starts or ends),
     * or null: refresh_display_prices() sets it, a listing past it refreshes first (decision 023).
     */
    displayPricesUntil: timestamp("display_prices_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("stores_slug_key").on(t.slug),
    // Only a verified domain is a store's: an unverified claim never blocks another store.
    uniqueIndex("stores_custom_domain_key")
      .on(lower(t.customDomain))
      .where(sql`${t.customDomainVerifiedAt} is not null`),
    uniqueIndex("stores_stripe_customer_key").on(t.stripeCustomerId),
    uniqueIndex("stores_stripe_account_key").on(t.stripeAccountId),
    check("stores_slug_format", sql`${t.slug} ~ '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$'`),
    // Staff's tenant list at any number of stores (issue 25, decision 025): newest first by
    // keyset, with or without a state filter, and its search by name, address or domain.
    index("stores_created_idx").on(t.createdAt, t.id),
    index("stores_status_created_idx").on(t.status, t.createdAt, t.id),
    // One trigram index over the three searched texts: one index scan, where an OR of three
    // would be costed above reading the table (drizzle/0021_many_stores.sql says how it is used).
    index("stores_search_trgm_idx").using(
      "gin",
      sql`(${t.name} || ' ' || ${t.slug} || ' ' || coalesce(${t.customDomain}, '')) gin_trgm_ops`,
    ),
    // The periodic platform jobs read only the stores they act on.
    index("stores_trial_notice_idx")
      .on(t.subscriptionCurrentPeriodEnd)
      .where(
        sql`${t.subscriptionStatus} = 'trialing' and ${t.stripeSubscriptionId} is null and ${t.trialEndingNotifiedAt} is null`,
      ),
    index("stores_domain_check_idx")
      .on(t.customDomainCheckedAt.asc().nullsFirst())
      .where(sql`${t.customDomain} is not null`),
  ],
);

export const platformStaff = pgTable(
  "platform_staff",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("platform_staff_email_key").on(lower(t.email))],
);

export const platformSessions = pgTable(
  "platform_sessions",
  {
    id: text("id").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => platformStaff.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("platform_sessions_staff_idx").on(t.staffId)],
);

/** Fixed-window counters shared by every app instance (DESIGN §8). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Stripe webhook idempotency: an event id is processed once. */
/**
 * Stripe events about a store, recorded once with their effect (webhook idempotency). Keyed by
 * store first, like every tenant table, so Citus can distribute it by store_id; events of no
 * store go to `platform_stripe_events`.
 */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    storeId: uuid("store_id").notNull(),
    id: text("id").notNull(),
    type: text("type").notNull(),
    account: text("account"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "stripe_events_store_fk",
      columns: [t.storeId],
      foreignColumns: [stores.id],
    }).onDelete("cascade"),
  ],
);

/** Stripe events of no store (another account's, a subscription of a deleted store): recorded once. */
export const platformStripeEvents = pgTable("platform_stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  account: text("account"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

// ───────────────────────────── tenant tables ─────────────────────────────

const storeFk = (name: string, column: AnyPgColumn) =>
  foreignKey({ name, columns: [column], foreignColumns: [stores.id] }).onDelete("cascade");

export const images = pgTable(
  "images",
  {
    storeId: storeId(),
    id: id(),
    contentType: text("content_type", { enum: ["image/png", "image/jpeg"] }).notNull(),
    bytes: bytea("bytes").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("images_store_fk", t.storeId),
    check("images_size_limit", sql`${t.byteSize} > 0 and ${t.byteSize} <= 5242880`),
  ],
);

/** Resized/re-encoded copies made by the image route, so each is computed once. */
export const imageVariants = pgTable(
  "image_variants",
  {
    storeId: storeId(),
    id: id(),
    imageId: uuid("image_id").notNull(),
    width: integer("width").notNull(),
    quality: integer("quality").notNull(),
    format: text("format", { enum: ["webp", "avif", "jpeg", "png"] }).notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "image_variants_image_fk",
      columns: [t.storeId, t.imageId],
      foreignColumns: [images.storeId, images.id],
    }).onDelete("cascade"),
    unique("image_variants_key").on(t.storeId, t.imageId, t.width, t.quality, t.format),
  ],
);

export const storeSettings = pgTable(
  "store_settings",
  {
    storeId: storeId().primaryKey(),
    logoImageId: uuid("logo_image_id"),
    primaryColor: text("primary_color").notNull().default("#242F51"),
    secondaryColor: text("secondary_color").notNull().default("#384878"),
    heroTitleEn: text("hero_title_en").notNull().default(""),
    heroTitleAr: text("hero_title_ar").notNull().default(""),
    heroSubtitleEn: text("hero_subtitle_en").notNull().default(""),
    heroSubtitleAr: text("hero_subtitle_ar").notNull().default(""),
    heroImageId: uuid("hero_image_id"),
    aboutEn: text("about_en").notNull().default(""),
    aboutAr: text("about_ar").notNull().default(""),
    termsEn: text("terms_en").notNull().default(""),
    termsAr: text("terms_ar").notNull().default(""),
    privacyEn: text("privacy_en").notNull().default(""),
    privacyAr: text("privacy_ar").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    contactPhone: text("contact_phone").notNull().default(""),
    contactAddressEn: text("contact_address_en").notNull().default(""),
    contactAddressAr: text("contact_address_ar").notNull().default(""),
    contactHours: text("contact_hours").notNull().default(DEFAULT_CONTACT_HOURS),
    footerTextEn: text("footer_text_en").notNull().default(""),
    footerTextAr: text("footer_text_ar").notNull().default(""),
    socialLinks: jsonb("social_links")
      .$type<{ network: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cashOnDeliveryEnabled: boolean("cash_on_delivery_enabled").notNull().default(true),
    // Prices include tax (decision 014); shipping is one flat fee per order, waived from the
    // threshold up (0 = never waived). Both in minor units, 0 by default.
    shippingFeeCents: integer("shipping_fee_cents").notNull().default(0),
    freeShippingThresholdCents: integer("free_shipping_threshold_cents").notNull().default(0),
    /**
     * Where the store ships from (ISO 3166-1 alpha-2): the country a shopper's address starts
     * with, and the one existing addresses were given (issue 33, decision 039).
     */
    country: text("country").notNull().default("SA"),
    /** What a variant without a weight counts as, in grams, for weight-banded rates. */
    defaultWeightGrams: integer("default_weight_grams").notNull().default(0),
    /**
     * The IANA time zone the dashboard and the sales report count days in (a day's sales are
     * the orders placed between the store's local midnights). 'UTC' until the owner says.
     */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** New reviews: "publish" at once (as before) or "hold" them for approval (decision 024). */
    reviewModeration: text("review_moderation", { enum: ["publish", "hold"] })
      .notNull()
      .default("publish"),
    // Cash On Delivery controls (decision 030), in minor units: a fee added to the order when the
    // shopper pays on delivery, the largest order total COD is offered for (null = no limit), and
    // whether COD is only for shoppers whose email is verified.
    codFeeCents: integer("cod_fee_cents").notNull().default(0),
    codMaxTotalCents: integer("cod_max_total_cents"),
    codVerifiedOnly: boolean("cod_verified_only").notNull().default(false),
    // Cash On Delivery orders wait for the shopper's confirmation (issue 34, decision 040): off
    // by default; a reminder after `remind` hours, cancelled after `cancel` hours.
    codConfirm: boolean("cod_confirm").notNull().default(false),
    codConfirmRemindHours: integer("cod_confirm_remind_hours").notNull().default(6),
    codConfirmCancelHours: integer("cod_confirm_cancel_hours").notNull().default(24),
    // "No Cash On Delivery after N refusals" (issue 34 item 6, decision 040): null = off.
    codMaxRefusals: integer("cod_max_refusals"),
    // Returns requested by the shopper (issue 37 item 4, decision 050): days after delivery a
    // shopper may ask to return units; 0 = no returns.
    returnWindowDays: integer("return_window_days").notNull().default(14),
    // VAT (issue 35, decision 042): registered or not, the number and legal names a tax invoice
    // carries, whether typed prices include VAT, and the rate per destination country in basis
    // points (a country not listed: the defaults of app/services/tax/rates.ts). Until registered,
    // no VAT is shown or recorded and every total is as before.
    vatRegistered: boolean("vat_registered").notNull().default(false),
    vatNumber: text("vat_number"),
    vatLegalNameEn: text("vat_legal_name_en").notNull().default(""),
    vatLegalNameAr: text("vat_legal_name_ar").notNull().default(""),
    pricesIncludeVat: boolean("prices_include_vat").notNull().default(true),
    vatOnShipping: boolean("vat_on_shipping").notNull().default(true),
    vatOnCodFee: boolean("vat_on_cod_fee").notNull().default(true),
    vatRates: jsonb("vat_rates")
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // The owner's picks for the home page, in their order. Ids, not foreign keys (an array cannot
    // hold one): they are re-read inside the store's scope when saved and when shown, and one
    // that no longer exists is skipped.
    featuredCategoryIds: uuid("featured_category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    featuredProductIds: uuid("featured_product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    storeFk("store_settings_store_fk", t.storeId),
    foreignKey({
      name: "store_settings_logo_fk",
      columns: [t.storeId, t.logoImageId],
      foreignColumns: [images.storeId, images.id],
    }),
    foreignKey({
      name: "store_settings_hero_fk",
      columns: [t.storeId, t.heroImageId],
      foreignColumns: [images.storeId, images.id],
    }),
    check("store_settings_primary_hex", sql`${t.primaryColor} ~ '^#[0-9A-Fa-f]{6}$'`),
    check("store_settings_secondary_hex", sql`${t.secondaryColor} ~ '^#[0-9A-Fa-f]{6}$'`),
    check(
      "store_settings_shipping_nonnegative",
      sql`${t.shippingFeeCents} >= 0 and ${t.freeShippingThresholdCents} >= 0`,
    ),
    check("store_settings_review_moderation", sql`${t.reviewModeration} in ('publish', 'hold')`),
    check(
      "store_settings_vat_number",
      sql`not ${t.vatRegistered} or (${t.vatNumber} is not null and ${t.vatNumber} <> '')`,
    ),
    check(
      "store_settings_cod_amounts",
      sql`${t.codFeeCents} >= 0 and (${t.codMaxTotalCents} is null or ${t.codMaxTotalCents} > 0)`,
    ),
    check(
      "store_settings_cod_confirm_hours",
      sql`${t.codConfirmRemindHours} between 1 and 168 and ${t.codConfirmCancelHours} between 1 and 168 and ${t.codConfirmRemindHours} < ${t.codConfirmCancelHours}`,
    ),
    check("store_settings_return_window", sql`${t.returnWindowDays} between 0 and 365`),
    check(
      "store_settings_cod_max_refusals",
      sql`${t.codMaxRefusals} is null or ${t.codMaxRefusals} between 1 and 99`,
    ),
  ],
);

/** A store's custom staff roles (decision 041): a name and a set of app/lib/permissions.ts's permissions. */
export const staffRoles = pgTable(
  "staff_roles",
  {
    storeId: storeId(),
    id: id(),
    name: text("name").notNull(),
    permissions: text("permissions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("staff_roles_store_fk", t.storeId),
    uniqueIndex("staff_roles_name_key").on(t.storeId, lower(t.name)),
  ],
);

/**
 * Who changed what (decision 041): one row per admin write, appended in the same transaction as
 * the change. The app role may only INSERT and SELECT (the migration revokes UPDATE and DELETE).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    storeId: storeId(),
    id: id(),
    /** Null: the system (the demo's setup, a scheduled job). */
    actorId: uuid("actor_id"),
    /** The actor's name and email when it was written (a removed person stays readable). */
    actorName: text("actor_name").notNull().default(""),
    actorEmail: text("actor_email").notNull().default(""),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** What the row is about, as a person reads it (an order number, a product name). */
    entityLabel: text("entity_label").notNull().default(""),
    /** The changed fields: { field: [before, after] }; secrets never written. */
    changes: jsonb("changes")
      .$type<Record<string, [unknown, unknown]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("audit_log_store_fk", t.storeId),
    index("audit_log_created_idx").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_log_actor_idx").on(t.storeId, t.actorId, t.createdAt.desc().nullsFirst()),
  ],
);

export const users = pgTable(
  "users",
  {
    storeId: storeId(),
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    signInMethod: text("sign_in_method", { enum: ["password", "email-link"] })
      .notNull()
      .default("password"),
    isAdmin: boolean("is_admin").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    imageId: uuid("image_id"),
    locale: text("locale", { enum: ["en", "ar"] }),
    failedSignInCount: integer("failed_sign_in_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Set by an admin: a blocked shopper cannot sign in and has no sessions. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** An admin gets an email for every placed order unless they turned it off (decision 030). */
    orderAlerts: boolean("order_alerts").notNull().default(true),
    /**
     * An admin's role (decision 041): a preset of app/lib/permissions.ts, or a custom role of the
     * store. An admin with neither is an Owner (app/lib/permissions.ts permissionsOf).
     */
    staffPreset: text("staff_preset"),
    staffRoleId: uuid("staff_role_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("users_store_fk", t.storeId),
    // No cascade and no set-null: a role in use cannot be deleted (a null role would mean Owner).
    foreignKey({
      name: "users_staff_role_fk",
      columns: [t.storeId, t.staffRoleId],
      foreignColumns: [staffRoles.storeId, staffRoles.id],
    }),
    check(
      "users_staff_preset",
      sql`${t.staffPreset} is null or ${t.staffPreset} in ('owner', 'manager', 'orders', 'support', 'catalogue', 'accountant')`,
    ),
    uniqueIndex("users_store_email_key").on(t.storeId, lower(t.email)),
    foreignKey({
      name: "users_image_fk",
      columns: [t.storeId, t.imageId],
      foreignColumns: [images.storeId, images.id],
    }),
    index("users_store_created_idx").on(t.storeId, t.createdAt.desc()),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    storeId: storeId(),
    /** sha256 of the random id the cookie carries; a leaked table cannot be replayed. */
    id: text("id").notNull(),
    userId: uuid("user_id").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "sessions_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }).onDelete("cascade"),
    index("sessions_user_idx").on(t.storeId, t.userId),
  ],
);

/**
 * An invitation to join a store's team (issue 36, decision 041): emailed as a signed link
 * (app/lib/signed-link.server.ts, purpose "staff-invite") over the row id and `expires_at`, so a
 * resend (new expiry) voids the old link. Single use: `accepted_at`; "Revoke" sets `revoked_at`.
 * The role is a preset or a custom role, as on users.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    storeId: storeId(),
    id: id(),
    email: text("email").notNull(),
    staffPreset: text("staff_preset"),
    staffRoleId: uuid("staff_role_id"),
    invitedBy: uuid("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("staff_invitations_store_fk", t.storeId),
    foreignKey({
      name: "staff_invitations_role_fk",
      columns: [t.storeId, t.staffRoleId],
      foreignColumns: [staffRoles.storeId, staffRoles.id],
    }).onDelete("cascade"),
    check("staff_invitations_role", sql`(${t.staffPreset} is null) <> (${t.staffRoleId} is null)`),
    index("staff_invitations_email_idx").on(t.storeId, lower(t.email)),
  ],
);

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    storeId: storeId(),
    id: id(),
    userId: uuid("user_id"),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ["reset-password", "email-link", "verify-email", "handoff"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** A hand-off token works only on this host (the store's address it was issued for). */
    host: text("host"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "verification_tokens_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }).onDelete("cascade"),
    uniqueIndex("verification_tokens_hash_key").on(t.storeId, t.tokenHash),
  ],
);

export const categories = pgTable(
  "categories",
  {
    storeId: storeId(),
    id: id(),
    parentId: uuid("parent_id"),
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionAr: text("description_ar").notNull().default(""),
    imageId: uuid("image_id"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("categories_store_fk", t.storeId),
    foreignKey({
      name: "categories_parent_fk",
      columns: [t.storeId, t.parentId],
      foreignColumns: [t.storeId, t.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "categories_image_fk",
      columns: [t.storeId, t.imageId],
      foreignColumns: [images.storeId, images.id],
    }),
    unique("categories_store_slug_key").on(t.storeId, t.slug),
    index("categories_parent_idx").on(t.storeId, t.parentId, t.sortOrder),
    check("categories_not_own_parent", sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

export const products = pgTable(
  "products",
  {
    storeId: storeId(),
    id: id(),
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionAr: text("description_ar").notNull().default(""),
    /**
     * The product's summary of its variants, kept by the database (drizzle/0018_variants.sql,
     * decision 023): the lowest active variant's price and the active variants' total stock.
     * Writing them on a product with one variant writes that variant.
     */
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    /**
     * What a shopper pays now for the cheapest active variant, after the best running sale: the
     * listing's price sort and filter (decision 023). Kept by the database when prices, sales or
     * categories change and at each sale's start and end (refresh_display_prices).
     */
    displayPriceCents: integer("display_price_cents").notNull().default(0),
    categoryId: uuid("category_id"),
    subcategoryId: uuid("subcategory_id"),
    shadeHex: text("shade_hex"),
    colorFamily: text("color_family"),
    active: boolean("active").notNull().default(true),
    /**
     * The product's VAT class (issue 35): "standard" lines are taxed at the destination's rate,
     * "zero-rated" and "exempt" lines at 0 %, kept apart on the order's per-rate VAT.
     */
    taxClass: text("tax_class", { enum: TAX_CLASSES }).notNull().default("standard"),
    unitsSold: integer("units_sold").notNull().default(0),
    unitsSold7d: integer("units_sold_7d").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /** Lower-cased names and descriptions in both locales, for search. */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(${products.nameEn} || ' ' || ${products.nameAr} || ' ' || ${products.descriptionEn} || ' ' || ${products.descriptionAr})`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("products_store_fk", t.storeId),
    foreignKey({
      name: "products_category_fk",
      columns: [t.storeId, t.categoryId],
      foreignColumns: [categories.storeId, categories.id],
    }),
    foreignKey({
      name: "products_subcategory_fk",
      columns: [t.storeId, t.subcategoryId],
      foreignColumns: [categories.storeId, categories.id],
    }),
    unique("products_store_slug_key").on(t.storeId, t.slug),
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("products_tax_class", sql`${t.taxClass} in ('standard', 'zero-rated', 'exempt')`),
    check("products_shade_hex", sql`${t.shadeHex} is null or ${t.shadeHex} ~ '^#[0-9A-Fa-f]{6}$'`),
    // Listing sorts (DESIGN §5): each leads with store_id and ends with id for keyset paging.
    index("products_best_seller_idx")
      .on(t.storeId, t.unitsSold.desc(), t.id)
      .where(sql`${t.active}`),
    index("products_trending_idx")
      .on(t.storeId, t.unitsSold7d.desc(), t.id)
      .where(sql`${t.active}`),
    index("products_price_idx")
      .on(t.storeId, t.displayPriceCents, t.id)
      .where(sql`${t.active}`),
    index("products_newest_idx")
      .on(t.storeId, t.createdAt.desc(), t.id)
      .where(sql`${t.active}`),
    // A category or sub category narrows the listing: these serve its price sorts (not partial,
    // so they also serve the foreign keys' checks).
    index("products_category_idx").on(t.storeId, t.categoryId, t.displayPriceCents, t.id),
    // The dashboard's low-stock count and the admin list's stock=low filter (LOW_STOCK, app/lib/stock.ts).
    index("products_low_stock_idx")
      .on(t.storeId, t.stock)
      .where(sql`${t.active}`),
    index("products_subcategory_idx").on(t.storeId, t.subcategoryId, t.displayPriceCents, t.id),
    // …and its Best Seller and Trending sorts, so a small category of a large store is read in
    // order rather than filtered out of the whole store's order (0002_catalog_indexes.sql).
    index("products_category_best_seller_idx")
      .on(t.storeId, t.categoryId, t.unitsSold.desc(), t.id)
      .where(sql`${t.active}`),
    index("products_category_trending_idx")
      .on(t.storeId, t.categoryId, t.unitsSold7d.desc(), t.id)
      .where(sql`${t.active}`),
    index("products_subcategory_best_seller_idx")
      .on(t.storeId, t.subcategoryId, t.unitsSold.desc(), t.id)
      .where(sql`${t.active}`),
    index("products_subcategory_trending_idx")
      .on(t.storeId, t.subcategoryId, t.unitsSold7d.desc(), t.id)
      .where(sql`${t.active}`),
    // Search (`search_text LIKE '%word%'` per word, the text being lower-cased): the store's
    // trigram matches, without reading the rest of the store or other stores' matches. pg_trgm and btree_gin (for store_id in a GIN
    // index); under row-level security only catalog_search_rows() can search with it, see
    // drizzle/0025_catalog_search_rows.sql (the id-based catalog_search_ids of 0002 was dropped in
    // 0026).
    index("products_search_trgm_idx").using("gin", t.storeId, t.searchText.op("gin_trgm_ops")),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    storeId: storeId(),
    id: id(),
    productId: uuid("product_id").notNull(),
    imageId: uuid("image_id").notNull(),
    position: integer("position").notNull().default(0),
    altEn: text("alt_en").notNull().default(""),
    altAr: text("alt_ar").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "product_images_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "product_images_image_fk",
      columns: [t.storeId, t.imageId],
      foreignColumns: [images.storeId, images.id],
    }).onDelete("cascade"),
    index("product_images_product_idx").on(t.storeId, t.productId, t.position),
  ],
);

/** A product's options (Size, Shade…), at most three, in their order (decision 023). */
export const productOptions = pgTable(
  "product_options",
  {
    storeId: storeId(),
    id: id(),
    productId: uuid("product_id").notNull(),
    /** 1, 2 or 3: which of a variant's option values belongs to this option. */
    position: smallint("position").notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    unique("product_options_product_key").on(t.storeId, t.productId, t.id),
    foreignKey({
      name: "product_options_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    unique("product_options_position_key").on(t.storeId, t.productId, t.position),
    check("product_options_position_range", sql`${t.position} between 1 and 3`),
  ],
);

/** An option's values (50 g, 250 g, 1 kg), in their order. */
export const productOptionValues = pgTable(
  "product_option_values",
  {
    storeId: storeId(),
    id: id(),
    optionId: uuid("option_id").notNull(),
    position: integer("position").notNull().default(0),
    valueEn: text("value_en").notNull(),
    valueAr: text("value_ar").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "product_option_values_option_fk",
      columns: [t.storeId, t.optionId],
      foreignColumns: [productOptions.storeId, productOptions.id],
    }).onDelete("cascade"),
    index("product_option_values_option_idx").on(t.storeId, t.optionId, t.position),
  ],
);

/**
 * What is sold: one row per combination of option values in use (at most 100 a product), or
 * exactly one for a product without options, whose id is the product's own id (decision 023).
 * Price and stock live here; products.price_cents/stock summarise them (database triggers).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    storeId: storeId(),
    id: id(),
    productId: uuid("product_id").notNull(),
    /** Unique in the store when set. */
    sku: text("sku"),
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    imageId: uuid("image_id"),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    option1ValueId: uuid("option1_value_id"),
    option2ValueId: uuid("option2_value_id"),
    option3ValueId: uuid("option3_value_id"),
    /** Shipping weight in grams (issue 33); null counts as the store's default weight. */
    weightGrams: integer("weight_grams"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    // Cart and order lines point at (product, variant) together, so a line's variant is always
    // one of its product's.
    unique("product_variants_product_key").on(t.storeId, t.productId, t.id),
    foreignKey({
      name: "product_variants_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "product_variants_image_fk",
      columns: [t.storeId, t.imageId],
      foreignColumns: [images.storeId, images.id],
    }),
    foreignKey({
      name: "product_variants_option1_fk",
      columns: [t.storeId, t.option1ValueId],
      foreignColumns: [productOptionValues.storeId, productOptionValues.id],
    }),
    foreignKey({
      name: "product_variants_option2_fk",
      columns: [t.storeId, t.option2ValueId],
      foreignColumns: [productOptionValues.storeId, productOptionValues.id],
    }),
    foreignKey({
      name: "product_variants_option3_fk",
      columns: [t.storeId, t.option3ValueId],
      foreignColumns: [productOptionValues.storeId, productOptionValues.id],
    }),
    uniqueIndex("product_variants_sku_key").on(t.storeId, t.sku),
    unique("product_variants_combination_key")
      .on(t.storeId, t.productId, t.option1ValueId, t.option2ValueId, t.option3ValueId)
      .nullsNotDistinct(),
    index("product_variants_product_idx").on(t.storeId, t.productId, t.position),
    check("product_variants_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    storeId: storeId(),
    id: id(),
    productId: uuid("product_id").notNull(),
    userId: uuid("user_id").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    comment: text("comment").notNull(),
    /**
     * published: on the product page and in its rating; held: waiting for the store's approval;
     * hidden: taken down by the store. Only published reviews count (decision 024).
     */
    status: text("status", { enum: ["published", "held", "hidden"] })
      .notNull()
      .default("published"),
    /** The store's one public answer, shown under the review in the store's name. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "reviews_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "reviews_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }).onDelete("cascade"),
    unique("reviews_one_per_shopper").on(t.storeId, t.productId, t.userId),
    index("reviews_product_created_idx").on(t.storeId, t.productId, t.createdAt.desc()),
    // The admin's list, newest first, and its state filter (the held count).
    index("reviews_store_created_idx").on(t.storeId, t.createdAt.desc(), t.id.desc()),
    index("reviews_store_status_created_idx").on(t.storeId, t.status, t.createdAt.desc(), t.id.desc()),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status_known", sql`${t.status} in ('published', 'held', 'hidden')`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    storeId: storeId(),
    id: id(),
    userId: uuid("user_id").notNull(),
    productId: uuid("product_id").notNull(),
    /**
     * The variant bought; one line per variant (decision 023). Left out, the database makes it
     * the product's default variant, whose id is the product's (trigger lines_default_variant).
     */
    variantId: uuid("variant_id")
      .notNull()
      .default(sql`null`),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "cart_items_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "cart_items_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "cart_items_variant_fk",
      columns: [t.storeId, t.productId, t.variantId],
      foreignColumns: [productVariants.storeId, productVariants.productId, productVariants.id],
    }).onDelete("cascade"),
    unique("cart_items_user_variant_key").on(t.storeId, t.userId, t.variantId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** The shopper's saved products: per product, whatever the variant; `quantity` stays 1. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    storeId: storeId(),
    id: id(),
    userId: uuid("user_id").notNull(),
    productId: uuid("product_id").notNull(),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "wishlist_items_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "wishlist_items_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    unique("wishlist_items_user_product_key").on(t.storeId, t.userId, t.productId),
    check("wishlist_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const shippingAddresses = pgTable(
  "shipping_addresses",
  {
    storeId: storeId(),
    id: id(),
    userId: uuid("user_id").notNull(),
    fullName: text("full_name").notNull(),
    streetAddress: text("street_address").notNull(),
    zipCode: text("zip_code").notNull(),
    city: text("city").notNull(),
    /** ISO 3166-1 alpha-2 (issue 33); the city's entry in `cities` when it is a known one. */
    country: text("country").notNull().default(""),
    cityId: text("city_id"),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    isDefault: boolean("is_default").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "shipping_addresses_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }).onDelete("cascade"),
    index("shipping_addresses_user_idx").on(t.storeId, t.userId),
  ],
);

/** One option value of an ordered variant, in both languages (order_items.options). */
export interface VariantOptionSnapshot {
  nameEn: string;
  nameAr: string;
  valueEn: string;
  valueAr: string;
}

export const orderStatuses = [
  "pending",
  "awaiting_confirmation",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export const paymentStatuses = [
  "unpaid",
  "pending",
  "paid",
  "failed",
  "partially_refunded",
  "refunded",
] as const;

export const orders = pgTable(
  "orders",
  {
    storeId: storeId(),
    id: id(),
    number: integer("number").notNull(),
    userId: uuid("user_id").notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull().default("unpaid"),
    paymentMethod: text("payment_method", { enum: ["card", "cod"] }).notNull(),
    currency: text("currency").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** The store's Cash On Delivery fee as it was when the order was placed (0 for card orders). */
    codFeeCents: integer("cod_fee_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    totalQuantity: integer("total_quantity").notNull(),
    shipFullName: text("ship_full_name").notNull(),
    shipStreetAddress: text("ship_street_address").notNull(),
    shipZipCode: text("ship_zip_code").notNull(),
    shipCity: text("ship_city").notNull(),
    shipEmail: text("ship_email").notNull(),
    shipMobile: text("ship_mobile").notNull(),
    /** The delivery country (ISO 3166-1 alpha-2; '' on orders from before issue 33). */
    shipCountry: text("ship_country").notNull().default(""),
    /**
     * The shipping rate the shopper chose, frozen as it was (issue 33): its id (no foreign key:
     * the rate may be edited or deleted later), names and estimate/hours in both languages. The
     * price is `shipping_cents`. Null on orders from before zones.
     */
    shippingRateId: uuid("shipping_rate_id"),
    shippingRateKind: text("shipping_rate_kind"),
    shippingRateNameEn: text("shipping_rate_name_en"),
    shippingRateNameAr: text("shipping_rate_name_ar"),
    shippingEstimateEn: text("shipping_estimate_en"),
    shippingEstimateAr: text("shipping_estimate_ar"),
    locale: text("locale", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** The checkout form's one-time token: a double submit finds the order the first one made. */
    checkoutToken: text("checkout_token"),
    /**
     * Its quantities are in its products' units_sold_7d (Trending): set when placed, cleared
     * when cancelled or once it is 7 days old (app/services/orders/trending.server.ts).
     */
    countedInTrending: boolean("counted_in_trending").notNull().default(false),
    /**
     * The discount code the order used, as it was spelled then, and what it took off (minor units,
     * on top of the sales in `discount_cents`). Copies, so editing or deleting the code never
     * changes an order (decision 029); the use itself is its discount_redemptions row.
     */
    discountCode: text("discount_code"),
    codeDiscountCents: integer("code_discount_cents").notNull().default(0),
    /**
     * VAT as charged (issue 35, decision 042), frozen with the order so a rate changed later never
     * changes it: in `total_cents` already (inside the prices or added on top, as `vat_inclusive`
     * says; null when the store was not registered), and per rate over goods, shipping and fee.
     */
    vatCents: integer("vat_cents").notNull().default(0),
    vatInclusive: boolean("vat_inclusive"),
    vatRates: jsonb("vat_rates")
      .$type<{ rateBp: number; net: number; vat: number; exempt?: boolean }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * A Cash On Delivery order awaiting the shopper's confirmation (issue 34, decision 040): when
     * the reminder is due (cleared once sent) and when it is cancelled unless confirmed. The
     * sweep (services/orders/cod-confirmation.server.ts) reads them; null otherwise.
     */
    confirmRemindAt: timestamp("confirm_remind_at", { withTimezone: true }),
    confirmCancelAt: timestamp("confirm_cancel_at", { withTimezone: true }),
    /**
     * The shopper's mobile number in E.164 (app/lib/phone.ts), read from `ship_mobile` for the
     * address's country at checkout: the store's refusal history keys on it (decision 040).
     * Null for orders placed before it or whose number could not be read.
     */
    phoneE164: text("phone_e164"),
    /** The owner marked the shipped COD order "Refused on delivery" (closed, cash not collected). */
    refusedOnDeliveryAt: timestamp("refused_on_delivery_at", { withTimezone: true }),
    /** The carrier's tracking number, given when the order ships (the Admin API's ship, issue 38). */
    trackingNumber: text("tracking_number"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("orders_store_fk", t.storeId),
    foreignKey({
      name: "orders_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }),
    unique("orders_store_number_key").on(t.storeId, t.number),
    index("orders_user_created_idx").on(t.storeId, t.userId, t.createdAt.desc(), t.id),
    // The admin's list (newest first, keyset on created_at and id, both descending) and its
    // status and payment filters: app/services/orders/admin-orders.server.ts. NULLS FIRST is what
    // a plain ORDER BY … DESC means (and a backward scan gives a plain ASC): with NULLS LAST the
    // planner cannot use them for that order, though the columns are never null.
    index("orders_created_idx").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_status_idx").on(
      t.storeId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("orders_payment_idx").on(
      t.storeId,
      t.paymentStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard's and the sales report's sums over a date range, read from the index alone
    // (app/services/reports, drizzle/0015_report_indexes.sql); `id` joins the lines.
    index("orders_report_idx").on(
      t.storeId,
      t.createdAt,
      t.status,
      t.paymentStatus,
      t.totalCents,
      t.subtotalCents,
      t.discountCents,
      t.shippingCents,
      t.totalQuantity,
      t.id,
      t.codeDiscountCents,
    ),
    // The to-do counts (delivered but unpaid) and the orders list filtered by both states.
    index("orders_status_payment_idx").on(
      t.storeId,
      t.status,
      t.paymentStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex("orders_checkout_session_key").on(t.storeId, t.stripeCheckoutSessionId),
    uniqueIndex("orders_checkout_token_key").on(t.storeId, t.checkoutToken),
    index("orders_counted_in_trending_idx")
      .on(t.createdAt)
      .where(sql`${t.countedInTrending}`),
    // The confirmation sweep's due orders, across stores (decision 040).
    index("orders_confirm_due_idx")
      .on(t.confirmCancelAt)
      .where(sql`${t.status} = 'awaiting_confirmation'`),
    // A store's refusal history per phone (decision 040): COD orders of one number.
    index("orders_phone_idx")
      .on(t.storeId, t.phoneE164)
      .where(sql`${t.phoneE164} is not null`),
    check("orders_totals_nonnegative", sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0`),
    check("orders_cod_fee_nonnegative", sql`${t.codFeeCents} >= 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid("order_id").notNull(),
    productId: uuid("product_id").notNull(),
    /** Left out, the product's default variant (as for cart_items). */
    variantId: uuid("variant_id")
      .notNull()
      .default(sql`null`),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    /** The variant as it was bought: its SKU and option values in both languages. */
    sku: text("sku"),
    options: jsonb("options")
      .$type<VariantOptionSnapshot[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    unitPriceCents: integer("unit_price_cents").notNull(),
    unitDiscountCents: integer("unit_discount_cents").notNull().default(0),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /** The line's VAT rate and amount as charged (after its share of the code; decision 042). */
    vatRateBp: integer("vat_rate_bp").notNull().default(0),
    vatCents: integer("vat_cents").notNull().default(0),
    /**
     * The line's share of the order's code discount (largest remainder over the lines the code
     * reaches, decision 042), same basis as `line_total_cents`: a refund gives back what the
     * shopper paid for its units (decision 048). Null on lines from before it (then shared over
     * every goods line).
     */
    codeDiscountCents: integer("code_discount_cents"),
    /**
     * The order's created_at, so the reports read a range's lines by time rather than probing
     * each order's. Set by the database, whatever the insert says (trigger order_items_placed_at,
     * drizzle/0017_report_lines.sql), and kept equal if the order's time is ever changed; the
     * default is what that copy is at checkout anyway (the order is created in the same
     * transaction).
     */
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "order_items_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    // Products that were ordered are archived (active = false), never deleted.
    foreignKey({
      name: "order_items_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }),
    // A variant that was ordered is deactivated, never deleted.
    foreignKey({
      name: "order_items_variant_fk",
      columns: [t.storeId, t.productId, t.variantId],
      foreignColumns: [productVariants.storeId, productVariants.productId, productVariants.id],
    }),
    index("order_items_order_idx").on(t.storeId, t.orderId),
    index("order_items_product_idx").on(t.storeId, t.productId),
    index("order_items_variant_idx").on(t.storeId, t.productId, t.variantId),
    // Sales by product for a range of days, from the index alone (app/services/reports).
    index("order_items_placed_idx").on(
      t.storeId,
      t.placedAt,
      t.orderId,
      t.productId,
      t.quantity,
      t.lineTotalCents,
      t.unitDiscountCents,
    ),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * A store's invoice sequence (issue 35, decision 043): the last number issued and that invoice's
 * hash. Issuing locks this row (`FOR UPDATE`) in the transaction that inserts the invoice, so two
 * concurrent issues take consecutive numbers and each links to the hash of the one before.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    storeId: storeId(),
    lastNumber: integer("last_number").notNull().default(0),
    lastHash: text("last_hash"),
  },
  (t) => [primaryKey({ columns: [t.storeId] }), storeFk("invoice_counters_store_fk", t.storeId)],
);

/**
 * A tax invoice (issue 35, decision 043): one per order, issued when a VAT-registered store's
 * card order is paid or COD order delivered. Seller and buyer are copies as they were at issue;
 * the lines, amounts and rates are the order's (frozen at checkout, decision 042). `id` is the
 * invoice's UUID, `number` the counter value, `previous_hash` and `hash` the chain (Base64 of a
 * SHA-256 of the canonical content): what ZATCA phase 2 asks of each invoice.
 */
export const invoices = pgTable(
  "invoices",
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid("order_id").notNull(),
    number: integer("number").notNull(),
    /** B2C in Saudi Arabia: a simplified tax invoice (the QR's kind). */
    simplified: boolean("simplified").notNull().default(true),
    sellerNameEn: text("seller_name_en").notNull(),
    sellerNameAr: text("seller_name_ar").notNull(),
    sellerAddressEn: text("seller_address_en").notNull(),
    sellerAddressAr: text("seller_address_ar").notNull(),
    sellerVatNumber: text("seller_vat_number").notNull(),
    sellerCountry: text("seller_country").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    buyerCountry: text("buyer_country").notNull(),
    currency: text("currency").notNull(),
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "invoices_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    unique("invoices_store_order_key").on(t.storeId, t.orderId),
    unique("invoices_store_number_key").on(t.storeId, t.number),
    check("invoices_number_positive", sql`${t.number} > 0`),
  ],
);

/** What a refund is paid back through: the card (Stripe) or by hand, offline. */
export const refundMethods = ["card", "cash", "bank_transfer"] as const;
export const refundStatuses = ["pending", "succeeded", "failed"] as const;

/**
 * A refund of an order, whole or in part (issue 37, decision 048). A card refund is `pending`
 * from the moment it is recorded (its amount is held against what is left) until Stripe answers;
 * its stock and payment-state effects apply only once it `succeeded`. `request_token` is the
 * form's one-time token: a double submit finds the refund the first one made.
 */
export const refunds = pgTable(
  "refunds",
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid("order_id").notNull(),
    requestToken: text("request_token"),
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    codFeeCents: integer("cod_fee_cents").notNull().default(0),
    extraCents: integer("extra_cents").notNull().default(0),
    reasonCode: text("reason_code").notNull(),
    reasonText: text("reason_text"),
    noteToShopper: text("note_to_shopper"),
    method: text("method", { enum: refundMethods }).notNull(),
    reference: text("reference"),
    status: text("status", { enum: refundStatuses }).notNull(),
    stripeRefundId: text("stripe_refund_id"),
    failureMessage: text("failure_message"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "refunds_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    index("refunds_order_idx").on(t.storeId, t.orderId, t.createdAt),
    index("refunds_created_idx").on(t.storeId, t.createdAt),
    uniqueIndex("refunds_stripe_refund_key").on(t.storeId, t.stripeRefundId),
    uniqueIndex("refunds_request_token_key").on(t.storeId, t.requestToken),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** The units of an order line a refund gives back, what they cost the shopper, and whether they went back to stock. */
export const refundLines = pgTable(
  "refund_lines",
  {
    storeId: storeId(),
    id: id(),
    refundId: uuid("refund_id").notNull(),
    orderItemId: uuid("order_item_id").notNull(),
    quantity: integer("quantity").notNull(),
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull().default(0),
    restock: boolean("restock").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "refund_lines_refund_fk",
      columns: [t.storeId, t.refundId],
      foreignColumns: [refunds.storeId, refunds.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "refund_lines_item_fk",
      columns: [t.storeId, t.orderItemId],
      foreignColumns: [orderItems.storeId, orderItems.id],
    }).onDelete("cascade"),
    index("refund_lines_refund_idx").on(t.storeId, t.refundId),
    check("refund_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const returnStates = ["requested", "approved", "declined", "received", "refunded"] as const;
export type ReturnState = (typeof returnStates)[number];

/**
 * A shopper's request to return units of a delivered order (issue 37 item 4, decision 050):
 * requested → approved | declined; approved → received (units counted in); received → refunded
 * (by the refund made from it, `refund_id`). The staff's message goes to the shopper's email.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid("order_id").notNull(),
    userId: uuid("user_id"),
    state: text("state", { enum: returnStates }).notNull().default("requested"),
    reasonCode: text("reason_code").notNull(),
    comment: text("comment"),
    staffMessage: text("staff_message"),
    refundId: uuid("refund_id"),
    decidedBy: uuid("decided_by"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "return_requests_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "return_requests_refund_fk",
      columns: [t.storeId, t.refundId],
      foreignColumns: [refunds.storeId, refunds.id],
    }),
    index("return_requests_order_idx").on(t.storeId, t.orderId, t.createdAt),
    index("return_requests_state_idx").on(t.storeId, t.state, t.createdAt),
    check(
      "return_requests_state",
      sql`${t.state} in ('requested', 'approved', 'declined', 'received', 'refunded')`,
    ),
  ],
);

/** The units of one order line a return asks to send back, and how many came back. */
export const returnRequestLines = pgTable(
  "return_request_lines",
  {
    storeId: storeId(),
    id: id(),
    returnRequestId: uuid("return_request_id").notNull(),
    orderItemId: uuid("order_item_id").notNull(),
    quantity: integer("quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "return_request_lines_request_fk",
      columns: [t.storeId, t.returnRequestId],
      foreignColumns: [returnRequests.storeId, returnRequests.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "return_request_lines_item_fk",
      columns: [t.storeId, t.orderItemId],
      foreignColumns: [orderItems.storeId, orderItems.id],
    }).onDelete("cascade"),
    index("return_request_lines_request_idx").on(t.storeId, t.returnRequestId),
    check(
      "return_request_lines_quantities",
      sql`${t.quantity} > 0 and ${t.receivedQuantity} between 0 and ${t.quantity}`,
    ),
  ],
);

/** A store's credit-note sequence (issue 35 item 6): the same row-locked counter as invoices'. */
export const creditNoteCounters = pgTable(
  "credit_note_counters",
  {
    storeId: storeId(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId] }), storeFk("credit_note_counters_store_fk", t.storeId)],
);

/** One line of a credit note, as issued (negative amounts). */
export interface CreditNoteLine {
  nameEn: string;
  nameAr: string;
  quantity: number;
  amountCents: number;
  vatRateBp: number;
  vatCents: number;
}

/**
 * A credit note (issue 35 item 6, decision 048): one per succeeded refund of an invoiced order,
 * for exactly what it refunds, amounts negative, referring to the order's invoice.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid("order_id").notNull(),
    invoiceId: uuid("invoice_id").notNull(),
    refundId: uuid("refund_id").notNull(),
    number: integer("number").notNull(),
    currency: text("currency").notNull(),
    lines: jsonb("lines").$type<CreditNoteLine[]>().notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    codFeeCents: integer("cod_fee_cents").notNull().default(0),
    extraCents: integer("extra_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    vatRates: jsonb("vat_rates")
      .$type<{ rateBp: number; net: number; vat: number; exempt?: boolean }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "credit_notes_invoice_fk",
      columns: [t.storeId, t.invoiceId],
      foreignColumns: [invoices.storeId, invoices.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "credit_notes_refund_fk",
      columns: [t.storeId, t.refundId],
      foreignColumns: [refunds.storeId, refunds.id],
    }).onDelete("cascade"),
    unique("credit_notes_store_number_key").on(t.storeId, t.number),
    unique("credit_notes_store_refund_key").on(t.storeId, t.refundId),
    index("credit_notes_order_idx").on(t.storeId, t.orderId),
    check("credit_notes_number_positive", sql`${t.number} > 0`),
    check("credit_notes_total_nonpositive", sql`${t.totalCents} <= 0`),
  ],
);

export const orderEvents = pgTable(
  "order_events",
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid("order_id").notNull(),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    paymentStatus: text("payment_status"),
    note: text("note"),
    actorUserId: uuid("actor_user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "order_events_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    index("order_events_order_idx").on(t.storeId, t.orderId, t.createdAt),
  ],
);

export const sales = pgTable(
  "sales",
  {
    storeId: storeId(),
    id: id(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    /** Percent (1–100) or minor units off, by `kind`. */
    value: integer("value").notNull(),
    scope: text("scope", { enum: ["store", "categories", "products"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("sales_store_fk", t.storeId),
    index("sales_window_idx").on(t.storeId, t.endsAt, t.startsAt),
    check("sales_window_order", sql`${t.endsAt} > ${t.startsAt}`),
    check("sales_value_range", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

export const saleTargets = pgTable(
  "sale_targets",
  {
    storeId: storeId(),
    id: id(),
    saleId: uuid("sale_id").notNull(),
    categoryId: uuid("category_id"),
    productId: uuid("product_id"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "sale_targets_sale_fk",
      columns: [t.storeId, t.saleId],
      foreignColumns: [sales.storeId, sales.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "sale_targets_category_fk",
      columns: [t.storeId, t.categoryId],
      foreignColumns: [categories.storeId, categories.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "sale_targets_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    index("sale_targets_sale_idx").on(t.storeId, t.saleId),
    check("sale_targets_one_target", sql`num_nonnulls(${t.categoryId}, ${t.productId}) = 1`),
  ],
);

// ───────── discount codes (issue 20, decision 029) ─────────

export const DISCOUNT_KINDS = ["percentage", "fixed", "free_shipping"] as const;
export const DISCOUNT_SCOPES = ["store", "categories", "products"] as const;

/**
 * A store's discount codes. `code` keeps the admin's spelling; it is unique per store whatever the
 * case, and a shopper's typing is matched the same way. `uses` counts the orders holding a use
 * (placed and not cancelled): checkout raises it with a conditional UPDATE in the order's own
 * transaction, a cancel lowers it, so the limit holds however many checkouts race.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    storeId: storeId(),
    id: id(),
    code: text("code").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    /** Percent (1–100) for percentage, minor units for fixed, 0 for free shipping. */
    value: integer("value").notNull().default(0),
    /** The eligible goods (after sales) must reach this, in minor units; 0 for no minimum. */
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null: no end. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null: unlimited. */
    usageLimit: integer("usage_limit"),
    perShopperLimit: integer("per_shopper_limit"),
    scope: text("scope", { enum: DISCOUNT_SCOPES }).notNull().default("store"),
    active: boolean("active").notNull().default(true),
    uses: integer("uses").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("discount_codes_store_fk", t.storeId),
    uniqueIndex("discount_codes_code_key").on(t.storeId, lower(t.code)),
    // The admin's list: newest first, keyset on (created_at, id). NULLS FIRST is what a plain
    // ORDER BY … DESC means (see orders_created_idx).
    index("discount_codes_created_idx").on(
      t.storeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("discount_codes_code_format", sql`${t.code} ~ '^[A-Za-z0-9_-]{1,40}$'`),
    check("discount_codes_kind", sql`${t.kind} in ('percentage', 'fixed', 'free_shipping')`),
    check("discount_codes_scope", sql`${t.scope} in ('store', 'categories', 'products')`),
    check(
      "discount_codes_value_range",
      sql`(${t.kind} = 'percentage' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free_shipping' and ${t.value} = 0)`,
    ),
    check(
      "discount_codes_limits_positive",
      sql`${t.minSubtotalCents} >= 0 and ${t.uses} >= 0 and coalesce(${t.usageLimit}, 1) > 0 and coalesce(${t.perShopperLimit}, 1) > 0`,
    ),
    check("discount_codes_window_order", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** What a code applies to when it is not the whole store: categories (with their subs) or products. */
export const discountCodeTargets = pgTable(
  "discount_code_targets",
  {
    storeId: storeId(),
    id: id(),
    discountCodeId: uuid("discount_code_id").notNull(),
    categoryId: uuid("category_id"),
    productId: uuid("product_id"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "discount_code_targets_code_fk",
      columns: [t.storeId, t.discountCodeId],
      foreignColumns: [discountCodes.storeId, discountCodes.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "discount_code_targets_category_fk",
      columns: [t.storeId, t.categoryId],
      foreignColumns: [categories.storeId, categories.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "discount_code_targets_product_fk",
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    index("discount_code_targets_code_idx").on(t.storeId, t.discountCodeId),
    check("discount_code_targets_one_target", sql`num_nonnulls(${t.categoryId}, ${t.productId}) = 1`),
  ],
);

/**
 * One use of a code: the order that used it, who (account and the order's email, lower case: the
 * per-shopper limit counts both) and what it took off. `released_at` is set when the order is
 * cancelled, giving the use back. A code with any row here is never deleted (the foreign key
 * restricts), only deactivated.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    storeId: storeId(),
    id: id(),
    discountCodeId: uuid("discount_code_id").notNull(),
    orderId: uuid("order_id").notNull(),
    userId: uuid("user_id").notNull(),
    email: text("email").notNull(),
    amountCents: integer("amount_cents").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "discount_redemptions_code_fk",
      columns: [t.storeId, t.discountCodeId],
      foreignColumns: [discountCodes.storeId, discountCodes.id],
    }),
    foreignKey({
      name: "discount_redemptions_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "discount_redemptions_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }),
    unique("discount_redemptions_order_key").on(t.storeId, t.orderId),
    index("discount_redemptions_user_idx").on(t.storeId, t.discountCodeId, t.userId),
    index("discount_redemptions_email_idx").on(t.storeId, t.discountCodeId, t.email),
    check("discount_redemptions_amount_nonnegative", sql`${t.amountCents} >= 0`),
  ],
);

/** The code a shopper applied to their cart (one per cart), until the order is placed or it is removed. */
export const cartDiscountCodes = pgTable(
  "cart_discount_codes",
  {
    storeId: storeId(),
    userId: uuid("user_id").notNull(),
    discountCodeId: uuid("discount_code_id").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    foreignKey({
      name: "cart_discount_codes_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "cart_discount_codes_code_fk",
      columns: [t.storeId, t.discountCodeId],
      foreignColumns: [discountCodes.storeId, discountCodes.id],
    }).onDelete("cascade"),
  ],
);

export const contactRequests = pgTable(
  "contact_requests",
  {
    storeId: storeId(),
    id: id(),
    userId: uuid("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    comments: text("comments").notNull(),
    status: text("status", { enum: ["new", "read"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("contact_requests_store_fk", t.storeId),
    foreignKey({
      name: "contact_requests_user_fk",
      columns: [t.storeId, t.userId],
      foreignColumns: [users.storeId, users.id],
    }),
    index("contact_requests_created_idx").on(t.storeId, t.createdAt.desc()),
  ],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    storeId: storeId(),
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    locale: text("locale", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["queued", "sent", "logged", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    /** The sender's display name (the store's), kept for a delivery after the request. */
    fromName: text("from_name"),
    /** Delivery attempts so far (email.server.ts retries a failed send). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * When the next delivery attempt is due; null once sent or logged, or given up. A claimed
     * message's is pushed past the send's longest time, so no other process sends it meanwhile.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("email_outbox_store_fk", t.storeId),
    index("email_outbox_created_idx").on(t.storeId, t.createdAt.desc()),
    // The delivery sweep's question: which messages are due (few, among all ever sent).
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/**
 * SMS and WhatsApp messages (issue 34, decision 040), as email_outbox is for mail: written in the
 * transaction of the change that owes them, delivered after its commit by the configured provider
 * (app/services/messages), or only logged without one; retried with a growing pause.
 */
export const messageOutbox = pgTable(
  "message_outbox",
  {
    storeId: storeId(),
    id: id(),
    /** The order the message is about (a COD confirmation), if any. */
    orderId: uuid("order_id"),
    channel: text("channel", { enum: ["sms", "whatsapp"] }).notNull(),
    /** E.164. */
    to: text("to").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    locale: text("locale", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["queued", "sent", "logged", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    /** The provider's id for the sent message (Twilio's SM… sid). */
    providerId: text("provider_id"),
    attempts: integer("attempts").notNull().default(0),
    /** As email_outbox's: null once sent, logged or given up; pushed ahead while claimed. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("message_outbox_store_fk", t.storeId),
    foreignKey({
      name: "message_outbox_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    index("message_outbox_created_idx").on(t.storeId, t.createdAt.desc()),
    index("message_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check("message_outbox_channel", sql`${t.channel} in ('sms', 'whatsapp')`),
  ],
);

/** Tables scoped by row-level security; kept in step with drizzle/0001_rls.sql by a test. */
// ───────────────────────────── shipping (issue 33, decision 039) ─────────────────────────────

/**
 * Platform reference table (not a tenant table; a Citus reference table): the Gulf's main
 * cities with English and Arabic names and common spellings. `search` holds every name and
 * alias folded by `foldCityName` (app/lib/shipping.ts), separated by '|'.
 */
export const cities = pgTable(
  "cities",
  {
    id: text("id").primaryKey(),
    country: text("country").notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    search: text("search").notNull(),
  },
  (t) => [index("cities_country_idx").on(t.country)],
);

export const shippingZones = pgTable(
  "shipping_zones",
  {
    storeId: storeId(),
    id: id(),
    name: text("name").notNull(),
    /** A zone with `everywhere` matches any address, least specifically (decision 039). */
    everywhere: boolean("everywhere").notNull().default(false),
    /** Ties between equally specific zones go to the lower position, then the lower id. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("shipping_zones_store_fk", t.storeId),
    index("shipping_zones_position_idx").on(t.storeId, t.position, t.id),
  ],
);

/** One place of a zone: a country, a city of a country, or a postal-code pattern in a country. */
export const shippingZonePlaces = pgTable(
  "shipping_zone_places",
  {
    storeId: storeId(),
    id: id(),
    zoneId: uuid("zone_id").notNull(),
    country: text("country").notNull(),
    /** A `cities` id (a reference table: checked by the service, no foreign key). */
    cityId: text("city_id"),
    /** Digits/letters with an optional trailing '*' (prefix), e.g. '114*'. */
    postalPattern: text("postal_pattern"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "shipping_zone_places_zone_fk",
      columns: [t.storeId, t.zoneId],
      foreignColumns: [shippingZones.storeId, shippingZones.id],
    }).onDelete("cascade"),
    index("shipping_zone_places_zone_idx").on(t.storeId, t.zoneId),
    check("shipping_zone_places_one_kind", sql`${t.cityId} is null or ${t.postalPattern} is null`),
  ],
);

export const SHIPPING_RATE_KINDS = ["flat", "weight", "subtotal", "pickup"] as const;

/** A band of a weight (grams) or subtotal (minor units) rate: up to `upTo` (null: no end) costs `cents`. */
export interface RateBands {
  bands: { upTo: number | null; cents: number }[];
  /** Beyond the last band: `cents` more for every started `step`. */
  extra?: { step: number; cents: number } | null;
}

export const shippingRates = pgTable(
  "shipping_rates",
  {
    storeId: storeId(),
    id: id(),
    zoneId: uuid("zone_id").notNull(),
    kind: text("kind", { enum: SHIPPING_RATE_KINDS }).notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    /** "2–4 days", or a pickup place's hours. */
    estimateEn: text("estimate_en").notNull().default(""),
    estimateAr: text("estimate_ar").notNull().default(""),
    /** Flat and pickup: the price (minor units). */
    priceCents: integer("price_cents").notNull().default(0),
    bands: jsonb("bands").$type<RateBands>(),
    /** Free when the goods after sales and codes reach this (minor units); null: never. */
    freeFromCents: integer("free_from_cents"),
    codAllowed: boolean("cod_allowed").notNull().default(true),
    /** Overrides the store's COD fee with this rate; null: the store's. */
    codFeeCents: integer("cod_fee_cents"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      name: "shipping_rates_zone_fk",
      columns: [t.storeId, t.zoneId],
      foreignColumns: [shippingZones.storeId, shippingZones.id],
    }).onDelete("cascade"),
    index("shipping_rates_zone_idx").on(t.storeId, t.zoneId),
    check("shipping_rates_kind", sql`${t.kind} in ('flat', 'weight', 'subtotal', 'pickup')`),
    check(
      "shipping_rates_amounts",
      sql`${t.priceCents} >= 0 and coalesce(${t.freeFromCents}, 0) >= 0 and coalesce(${t.codFeeCents}, 0) >= 0`,
    ),
  ],
);

/**
 * Admin API tokens (issue 38, decision 045): a secret shown once, stored only as its SHA-256
 * (`token_hash`), with the permissions it may use (`scopes`, a subset of its creator's). Looked up
 * under the store of the request's host, so another store's token is unknown here.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    storeId: storeId(),
    id: id(),
    name: text("name").notNull(),
    /** The secret's first characters, shown in the list so a person can tell tokens apart. */
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdBy: uuid("created_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("api_tokens_store_fk", t.storeId),
    unique("api_tokens_hash_key").on(t.storeId, t.tokenHash),
  ],
);

/**
 * The stored answer of a POST with an `Idempotency-Key` (issue 38): the same key with the same
 * body gets it again; with another body, 422. Per token; kept a day.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    storeId: storeId(),
    tokenId: uuid("token_id").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body. */
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.tokenId, t.key] }),
    foreignKey({
      name: "api_idempotency_keys_token_fk",
      columns: [t.storeId, t.tokenId],
      foreignColumns: [apiTokens.storeId, apiTokens.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The store's events (issue 38, decision 047): one row per change a webhook or the events feed
 * reports, written in the transaction of the change. `seq` counts the store's events (1, 2, …,
 * in commit order: the writer holds the store's event lock until it commits); `resource_seq`
 * counts one resource's events, so a receiver can drop a stale one. `payload` is the resource as
 * it was at the event.
 */
export const storeEvents = pgTable(
  "events",
  {
    storeId: storeId(),
    id: id(),
    seq: integer("seq").notNull(),
    topic: text("topic").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    resourceSeq: integer("resource_seq").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("events_store_fk", t.storeId),
    unique("events_seq_key").on(t.storeId, t.seq),
    index("events_resource_idx").on(t.storeId, t.resourceType, t.resourceId, t.resourceSeq),
    index("events_created_idx").on(t.createdAt),
  ],
);

/**
 * A webhook subscription: the store's events of `topics` are POSTed to `url`, signed with
 * `secret` (and `previous_secret` too until `previous_secret_expires_at`, during a rotation).
 * `paused_at` stops deliveries (kept queued); `failing_since` is the first failure since the
 * last success: failing for 24 hours pauses it.
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    storeId: storeId(),
    id: id(),
    url: text("url").notNull(),
    topics: text("topics").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    pausedReason: text("paused_reason", { enum: ["manual", "failing"] }),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] }), storeFk("webhook_subscriptions_store_fk", t.storeId)],
);

/**
 * The webhook outbox and delivery log (outbox.server's columns): one row per subscription and
 * event, written with the event. `next_attempt_at` null: delivered, refused (4xx) or waiting for
 * its paused subscription. Kept 30 days.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    storeId: storeId(),
    id: id(),
    subscriptionId: uuid("subscription_id").notNull(),
    eventId: uuid("event_id").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    storeFk("webhook_deliveries_store_fk", t.storeId),
    foreignKey({
      name: "webhook_deliveries_subscription_fk",
      columns: [t.storeId, t.subscriptionId],
      foreignColumns: [webhookSubscriptions.storeId, webhookSubscriptions.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "webhook_deliveries_event_fk",
      columns: [t.storeId, t.eventId],
      foreignColumns: [storeEvents.storeId, storeEvents.id],
    }).onDelete("cascade"),
    index("webhook_deliveries_log_idx").on(t.storeId, t.subscriptionId, t.createdAt.desc()),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

export const tenantTables = [
  "stores",
  "images",
  "image_variants",
  "store_settings",
  "users",
  "sessions",
  "verification_tokens",
  "categories",
  "products",
  "product_images",
  "product_options",
  "product_option_values",
  "product_variants",
  "reviews",
  "cart_items",
  "wishlist_items",
  "shipping_addresses",
  "orders",
  "order_items",
  "order_events",
  "sales",
  "sale_targets",
  "contact_requests",
  "email_outbox",
  "discount_codes",
  "discount_code_targets",
  "discount_redemptions",
  "cart_discount_codes",
  "shipping_zones",
  "shipping_zone_places",
  "shipping_rates",
  "staff_roles",
  "audit_log",
  "staff_invitations",
  "message_outbox",
  "invoice_counters",
  "invoices",
  "api_tokens",
  "api_idempotency_keys",
  "refunds",
  "refund_lines",
  "credit_note_counters",
  "credit_notes",
  "return_requests",
  "return_request_lines",
  "events",
  "webhook_subscriptions",
  "webhook_deliveries",
] as const;
