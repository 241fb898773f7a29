/**
 * The demo's shipping zones and rates (issue 33, deliverable 7). Dye & Shade Co. ships from
 * Riyadh: Riyadh, the rest of Saudi Arabia, the Gulf by weight, and pickup at its studio; nowhere
 * else. Every other demo store (Ink Atelier) has the one "Everywhere" zone migration 0035 gives a
 * store without zones: a flat rate at its settings' fee and threshold (decision 039).
 */
import { uuidv7 } from "uuidv7";
import type * as schema from "~/db/schema";
import type { StoreDef } from "./stores";

type ZoneRow = typeof schema.shippingZones.$inferInsert;
type PlaceRow = typeof schema.shippingZonePlaces.$inferInsert;
type RateRow = typeof schema.shippingRates.$inferInsert;

export interface ShippingPlan {
  zones: ZoneRow[];
  places: PlaceRow[];
  rates: RateRow[];
}

type RateSeed = Omit<RateRow, "storeId" | "id" | "zoneId">;
interface ZoneSeed {
  name: string;
  everywhere?: boolean;
  places: Omit<PlaceRow, "storeId" | "id" | "zoneId">[];
  rates: RateSeed[];
}

const GULF = ["AE", "KW", "BH", "QA", "OM"];

export const DYES_ZONES: ZoneSeed[] = [
  {
    name: "Riyadh",
    places: [{ country: "SA", cityId: "SA-RUH" }],
    rates: [
      {
        kind: "flat",
        nameEn: "Riyadh delivery",
        nameAr: "التوصيل داخل الرياض",
        estimateEn: "1–2 days",
        estimateAr: "١–٢ يوم",
        priceCents: 300,
        codAllowed: true,
        position: 0,
      },
      {
        kind: "pickup",
        nameEn: "Pickup at our Riyadh studio",
        nameAr: "الاستلام من مرسمنا في الرياض",
        estimateEn: "Sun–Thu 10:00–18:00",
        estimateAr: "الأحد–الخميس ١٠:٠٠–١٨:٠٠",
        priceCents: 0,
        codAllowed: true,
        position: 1,
      },
    ],
  },
  {
    name: "Saudi Arabia",
    places: [{ country: "SA" }],
    rates: [
      {
        kind: "flat",
        nameEn: "Saudi Arabia delivery",
        nameAr: "التوصيل داخل السعودية",
        estimateEn: "2–4 days",
        estimateAr: "٢–٤ أيام",
        priceCents: 600,
        freeFromCents: 5000,
        codAllowed: true,
        position: 0,
      },
    ],
  },
  {
    name: "Gulf",
    places: GULF.map((country) => ({ country })),
    rates: [
      {
        kind: "weight",
        nameEn: "Gulf courier",
        nameAr: "شحن الخليج",
        estimateEn: "3–6 days",
        estimateAr: "٣–٦ أيام",
        bands: { bands: [{ upTo: 1000, cents: 1200 }], extra: { step: 1000, cents: 400 } },
        codAllowed: false,
        position: 0,
      },
    ],
  },
];

/** The zone migration 0035 and sign-up write for a store (names as in services/shipping/admin.server.ts). */
function everywhereZone(def: StoreDef): ZoneSeed[] {
  return [
    {
      name: "Everywhere",
      everywhere: true,
      places: [],
      rates: [
        {
          kind: "flat",
          nameEn: "Standard shipping",
          nameAr: "الشحن العادي",
          priceCents: def.shipping?.feeCents ?? 0,
          freeFromCents: def.shipping?.freeFromCents || null,
          codAllowed: true,
          position: 0,
        },
      ],
    },
  ];
}

export function planShipping(storeId: string, def: StoreDef): ShippingPlan {
  const seeds = def.slug === "dyes" ? DYES_ZONES : everywhereZone(def);
  const plan: ShippingPlan = { zones: [], places: [], rates: [] };
  seeds.forEach((seed, position) => {
    const zoneId = uuidv7();
    plan.zones.push({ storeId, id: zoneId, name: seed.name, everywhere: seed.everywhere ?? false, position });
    for (const place of seed.places) plan.places.push({ storeId, id: uuidv7(), zoneId, ...place });
    for (const rate of seed.rates) plan.rates.push({ storeId, id: uuidv7(), zoneId, ...rate });
  });
  return plan;
}
