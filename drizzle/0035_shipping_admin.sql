-- hand-written below
-- Issue 33, decision 039 ("Migration and stores made later"): with /admin/shipping the owner edits
-- zones, so every store that has none gets one "Everywhere" zone whose single flat rate carries its
-- settings' flat fee and free-from threshold (0 = never free), so its totals are unchanged. Cash On
-- Delivery stays governed by the store's own switch (Payment Options): the rate allows it.
-- Stores with a zone already are left as they are; run again, it writes nothing.
WITH new_zones AS (
  INSERT INTO shipping_zones (store_id, id, name, everywhere, position)
  SELECT s.id, gen_random_uuid(), 'Everywhere', true, 0
    FROM stores s
   WHERE NOT EXISTS (SELECT 1 FROM shipping_zones z WHERE z.store_id = s.id)
  RETURNING store_id, id
)
INSERT INTO shipping_rates
  (store_id, id, zone_id, kind, name_en, name_ar, price_cents, free_from_cents, cod_allowed, position)
SELECT n.store_id, gen_random_uuid(), n.id, 'flat', 'Standard shipping', 'الشحن العادي',
       coalesce(ss.shipping_fee_cents, 0), nullif(coalesce(ss.free_shipping_threshold_cents, 0), 0), true, 0
  FROM new_zones n
  LEFT JOIN store_settings ss ON ss.store_id = n.store_id;
