/** Demo logins, printed by server.ts on first start and listed in the README. */

export const DEMO_PASSWORDS = {
  admin: "demo-admin-1",
  shopper: "demo-shopper-1",
  /** The inks account of shopper@dyes.test: same email, separate store, separate password. */
  otherStoreShopper: "demo-shopper-2",
  staff: "demo-staff-1",
  /** Dye & Shade Co.'s packer (Orders role) and support agent (Support role): decision 041. */
  ordersStaff: "demo-orders-1",
  supportStaff: "demo-support-1",
} as const;

/**
 * Dye & Shade Co.'s demo Admin API token (issue 38, decision 045): a published, fixed secret for
 * the demo only (a real token is random and shown once). Printed at start with the logins.
 */
export const DEMO_API_TOKEN = {
  store: "dyes",
  name: "Demo integration",
  secret: "sfat_demo_dyes_0000000000000000000000000000000000",
  scopes: [
    "orders.view",
    "orders.edit",
    "orders.refund",
    "products.edit",
    "categories.edit",
    "customers.view",
    "customers.export",
  ],
} as const;

/**
 * Dye & Shade Co.'s demo webhook (issue 38, decision 047): every topic, to the local receiver
 * `npm run webhooks:dev` starts, signed with a published demo secret. Delivering to 127.0.0.1
 * needs the server started with WEBHOOKS_ALLOW_LOOPBACK=1 (the SSRF guard refuses it otherwise).
 */
export const DEMO_WEBHOOK = {
  store: "dyes",
  port: 4400,
  url: "http://127.0.0.1:4400/",
  secret: "whsec_demo_dyes_00000000000000000000000000",
} as const;

export interface DemoAccount {
  role: "store admin" | "orders staff" | "support staff" | "shopper" | "platform staff";
  /** Store slug, or null for the platform host. */
  store: string | null;
  email: string;
  password: string;
  /** Where to sign in; `{port}` is substituted by whoever prints it. */
  url: string;
}

const storeUrl = (slug: string) => `http://${slug}.localhost:{port}`;
export const PLATFORM_URL = "http://localhost:{port}";

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: "store admin",
    store: "dyes",
    email: "admin@dyes.test",
    password: DEMO_PASSWORDS.admin,
    url: `${storeUrl("dyes")}/login`,
  },
  {
    role: "orders staff",
    store: "dyes",
    email: "orders@dyes.test",
    password: DEMO_PASSWORDS.ordersStaff,
    url: `${storeUrl("dyes")}/login`,
  },
  {
    role: "support staff",
    store: "dyes",
    email: "support@dyes.test",
    password: DEMO_PASSWORDS.supportStaff,
    url: `${storeUrl("dyes")}/login`,
  },
  {
    role: "shopper",
    store: "dyes",
    email: "shopper@dyes.test",
    password: DEMO_PASSWORDS.shopper,
    url: `${storeUrl("dyes")}/login`,
  },
  {
    role: "store admin",
    store: "inks",
    email: "admin@inks.test",
    password: DEMO_PASSWORDS.admin,
    url: `${storeUrl("inks")}/login`,
  },
  {
    role: "shopper",
    store: "inks",
    email: "shopper@dyes.test",
    password: DEMO_PASSWORDS.otherStoreShopper,
    url: `${storeUrl("inks")}/login`,
  },
  {
    role: "platform staff",
    store: null,
    email: "staff@platform.test",
    password: DEMO_PASSWORDS.staff,
    url: `${PLATFORM_URL}/login`,
  },
];

export const DEMO_STAFF = {
  email: "staff@platform.test",
  name: "Platform Staff",
  password: DEMO_PASSWORDS.staff,
};

export interface ShopperDef {
  email: string;
  name: string;
  locale: "en" | "ar";
  password: string;
  signInMethod?: "password" | "email-link";
  address: { street: string; zip: string; city: string; mobile: string };
}

/** Shoppers of the dyes store; the first is the demo login. */
export const DYES_SHOPPERS: ShopperDef[] = [
  {
    email: "shopper@dyes.test",
    name: "Sara Ahmed",
    locale: "en",
    password: DEMO_PASSWORDS.shopper,
    // In Riyadh, where the store ships from (issue 33): the demo's estimate and checkout start there.
    address: { street: "12 Palm Street, Apt 4", zip: "12211", city: "Riyadh", mobile: "+966 50 555 0101" },
  },
  {
    email: "omar.khalil@example.com",
    name: "Omar Khalil",
    locale: "ar",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "شارع الملك فهد 45", zip: "12211", city: "الرياض", mobile: "+966 50 555 0102" },
  },
  {
    email: "layla.nasser@example.com",
    name: "Layla Nasser",
    locale: "ar",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "شارع الحمرا 8", zip: "1103", city: "بيروت", mobile: "+961 3 555 0103" },
  },
  {
    email: "james.carter@example.com",
    name: "James Carter",
    locale: "en",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "221 Elm Avenue", zip: "02139", city: "Cambridge", mobile: "+1 617 555 0104" },
  },
  {
    email: "mona.saleh@example.com",
    name: "Mona Saleh",
    locale: "ar",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "شارع الجامعة 17", zip: "11942", city: "عمّان", mobile: "+962 79 555 0105" },
  },
  {
    email: "yusuf.rahman@example.com",
    name: "Yusuf Rahman",
    locale: "en",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "7 Marina Walk", zip: "00000", city: "Dubai", mobile: "+971 50 555 0106" },
  },
  {
    email: "emily.brooks@example.com",
    name: "Emily Brooks",
    locale: "en",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "18 Queen's Road", zip: "BS8 1QU", city: "Bristol", mobile: "+44 7700 900107" },
  },
  {
    email: "hana.aziz@example.com",
    name: "Hana Aziz",
    locale: "ar",
    password: DEMO_PASSWORDS.shopper,
    // Signs in by emailed link: a password attempt gets the "previously logged in with" message.
    signInMethod: "email-link",
    address: { street: "شارع الكورنيش 3", zip: "21577", city: "جدة", mobile: "+966 55 555 0108" },
  },
];

export const INKS_SHOPPERS: ShopperDef[] = [
  {
    email: "shopper@dyes.test",
    name: "Sara Ahmed",
    locale: "en",
    password: DEMO_PASSWORDS.otherStoreShopper,
    address: { street: "12 Palm Street, Apt 4", zip: "11511", city: "Cairo", mobile: "+20 100 555 0101" },
  },
  {
    email: "karim.haddad@example.com",
    name: "Karim Haddad",
    locale: "ar",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "شارع المتنبي 21", zip: "10001", city: "بغداد", mobile: "+964 770 555 0201" },
  },
  {
    email: "nora.lind@example.com",
    name: "Nora Lind",
    locale: "en",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "4 Harbour Lane", zip: "0150", city: "Oslo", mobile: "+47 400 55 202" },
  },
  {
    email: "ali.mansour@example.com",
    name: "Ali Mansour",
    locale: "ar",
    password: DEMO_PASSWORDS.shopper,
    address: { street: "شارع الحبيب بورقيبة 60", zip: "1000", city: "تونس", mobile: "+216 20 555 203" },
  },
];
