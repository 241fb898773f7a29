CREATE TABLE "cities" (
	"id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"search" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"estimate_en" text DEFAULT '' NOT NULL,
	"estimate_ar" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"bands" jsonb,
	"free_from_cents" integer,
	"cod_allowed" boolean DEFAULT true NOT NULL,
	"cod_fee_cents" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "shipping_rates_kind" CHECK ("shipping_rates"."kind" in ('flat', 'weight', 'subtotal', 'pickup')),
	CONSTRAINT "shipping_rates_amounts" CHECK ("shipping_rates"."price_cents" >= 0 and coalesce("shipping_rates"."free_from_cents", 0) >= 0 and coalesce("shipping_rates"."cod_fee_cents", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_places" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"country" text NOT NULL,
	"city_id" text,
	"postal_pattern" text,
	CONSTRAINT "shipping_zone_places_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "shipping_zone_places_one_kind" CHECK ("shipping_zone_places"."city_id" is null or "shipping_zone_places"."postal_pattern" is null)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"everywhere" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_name_en" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_name_ar" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_estimate_en" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_estimate_ar" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD COLUMN "city_id" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "country" text DEFAULT 'SA' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "default_weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_fk" FOREIGN KEY ("store_id","zone_id") REFERENCES "public"."shipping_zones"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_places" ADD CONSTRAINT "shipping_zone_places_zone_fk" FOREIGN KEY ("store_id","zone_id") REFERENCES "public"."shipping_zones"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zones" ADD CONSTRAINT "shipping_zones_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country");--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("store_id","zone_id");--> statement-breakpoint
CREATE INDEX "shipping_zone_places_zone_idx" ON "shipping_zone_places" USING btree ("store_id","zone_id");--> statement-breakpoint
CREATE INDEX "shipping_zones_position_idx" ON "shipping_zones" USING btree ("store_id","position","id");--> statement-breakpoint
-- hand-written below
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shipping_zones', 'shipping_zone_places', 'shipping_rates'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id())',
      t);
    EXECUTE format('CREATE POLICY owner_maintenance ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO storefront_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The platform's reference list of cities (app/lib/city-list.ts): read-only to the app.
GRANT SELECT ON cities TO storefront_app;
--> statement-breakpoint
INSERT INTO cities (id, country, name_en, name_ar, aliases, search) VALUES
  ('SA-RUH', 'SA', 'Riyadh', 'الرياض', ARRAY['Riyad', 'Ar Riyad', 'Er Riyadh', 'رياض']::text[], 'riyadh|رياض|riyad|erriyadh'),
  ('SA-JED', 'SA', 'Jeddah', 'جدة', ARRAY['Jiddah', 'Jidda', 'Jedda', 'Juddah', 'جده']::text[], 'jeddah|جده|jiddah|jidda|jedda|juddah'),
  ('SA-MKK', 'SA', 'Mecca', 'مكة المكرمة', ARRAY['Makkah', 'Makka', 'مكة', 'مكه']::text[], 'mecca|مكهالمكرمه|makkah|makka|مكه'),
  ('SA-MED', 'SA', 'Medina', 'المدينة المنورة', ARRAY['Madinah', 'Al Madinah', 'Madina', 'المدينة']::text[], 'medina|مدينهالمنوره|madinah|madina|مدينه'),
  ('SA-DMM', 'SA', 'Dammam', 'الدمام', ARRAY['Ad Dammam', 'دمام']::text[], 'dammam|دمام'),
  ('SA-KHB', 'SA', 'Khobar', 'الخبر', ARRAY['Al Khobar', 'Al-Khobar', 'Khubar', 'خبر']::text[], 'khobar|خبر|khubar'),
  ('SA-DHA', 'SA', 'Dhahran', 'الظهران', ARRAY['Zahran', 'ظهران']::text[], 'dhahran|ظهران|zahran'),
  ('SA-TIF', 'SA', 'Taif', 'الطائف', ARRAY['At Taif', 'Ta''if', 'طائف']::text[], 'taif|طايف'),
  ('SA-TUU', 'SA', 'Tabuk', 'تبوك', ARRAY['Tabouk']::text[], 'tabuk|تبوك|tabouk'),
  ('SA-ELQ', 'SA', 'Buraidah', 'بريدة', ARRAY['Buraydah', 'Buraida', 'بريده']::text[], 'buraidah|بريده|buraydah|buraida'),
  ('SA-AHB', 'SA', 'Abha', 'أبها', ARRAY['ابها']::text[], 'abha|ابها'),
  ('SA-KMX', 'SA', 'Khamis Mushait', 'خميس مشيط', ARRAY['Khamis Mushayt']::text[], 'khamismushait|خميسمشيط|khamismushayt'),
  ('SA-HAS', 'SA', 'Hail', 'حائل', ARRAY['Ha''il', 'Hayil']::text[], 'hail|حايل|hayil'),
  ('SA-JUB', 'SA', 'Jubail', 'الجبيل', ARRAY['Al Jubail', 'جبيل']::text[], 'jubail|جبيل'),
  ('SA-YNB', 'SA', 'Yanbu', 'ينبع', ARRAY['Yenbo', 'Yanbu al Bahr']::text[], 'yanbu|ينبع|yenbo|yanbualbahr'),
  ('SA-EAM', 'SA', 'Najran', 'نجران', '{}'::text[], 'najran|نجران'),
  ('SA-GIZ', 'SA', 'Jazan', 'جازان', ARRAY['Jizan', 'Gizan', 'جيزان']::text[], 'jazan|جازان|jizan|gizan|جيزان'),
  ('SA-HOF', 'SA', 'Al Ahsa', 'الأحساء', ARRAY['Hofuf', 'Al Hofuf', 'Al-Hasa', 'الهفوف']::text[], 'ahsa|احساء|hofuf|hasa|هفوف'),
  ('AE-DXB', 'AE', 'Dubai', 'دبي', ARRAY['Dubayy', 'Dubay']::text[], 'dubai|دبي|dubayy|dubay'),
  ('AE-AUH', 'AE', 'Abu Dhabi', 'أبوظبي', ARRAY['Abu Zabi', 'Abudhabi', 'أبو ظبي']::text[], 'abudhabi|ابوظبي|abuzabi'),
  ('AE-SHJ', 'AE', 'Sharjah', 'الشارقة', ARRAY['Ash Shariqah', 'Sharja', 'شارقة']::text[], 'sharjah|شارقه|shariqah|sharja'),
  ('AE-AJM', 'AE', 'Ajman', 'عجمان', '{}'::text[], 'ajman|عجمان'),
  ('AE-RKT', 'AE', 'Ras Al Khaimah', 'رأس الخيمة', ARRAY['RAK', 'Ras al-Khaimah']::text[], 'rasalkhaimah|راسالخيمه|rak'),
  ('AE-FJR', 'AE', 'Fujairah', 'الفجيرة', ARRAY['Al Fujairah', 'فجيرة']::text[], 'fujairah|فجيره'),
  ('AE-UAQ', 'AE', 'Umm Al Quwain', 'أم القيوين', ARRAY['Umm al-Qaiwain', 'UAQ']::text[], 'ummalquwain|امالقيوين|ummalqaiwain|uaq'),
  ('AE-AAN', 'AE', 'Al Ain', 'العين', ARRAY['Ain', 'Al-Ain']::text[], 'ain|عين'),
  ('KW-KWI', 'KW', 'Kuwait City', 'مدينة الكويت', ARRAY['Kuwait', 'Al Kuwayt', 'الكويت']::text[], 'kuwaitcity|مدينهالكويت|kuwait|kuwayt|كويت'),
  ('KW-HAW', 'KW', 'Hawalli', 'حولي', ARRAY['Hawally']::text[], 'hawalli|حولي|hawally'),
  ('KW-SAL', 'KW', 'Salmiya', 'السالمية', ARRAY['Salmiyah', 'As Salimiyah', 'سالمية']::text[], 'salmiya|سالميه|salmiyah|salimiyah'),
  ('KW-FAR', 'KW', 'Farwaniya', 'الفروانية', ARRAY['Al Farwaniyah', 'فروانية']::text[], 'farwaniya|فروانيه|farwaniyah'),
  ('KW-JAH', 'KW', 'Jahra', 'الجهراء', ARRAY['Al Jahra', 'جهراء']::text[], 'jahra|جهراء'),
  ('KW-AHM', 'KW', 'Ahmadi', 'الأحمدي', ARRAY['Al Ahmadi', 'أحمدي']::text[], 'ahmadi|احمدي'),
  ('BH-MAN', 'BH', 'Manama', 'المنامة', ARRAY['Al Manamah', 'منامة']::text[], 'manama|منامه|manamah'),
  ('BH-MUH', 'BH', 'Muharraq', 'المحرق', ARRAY['Al Muharraq', 'محرق']::text[], 'muharraq|محرق'),
  ('BH-RIF', 'BH', 'Riffa', 'الرفاع', ARRAY['Ar Rifa', 'Rifaa', 'رفاع']::text[], 'riffa|رفاع|rifa|rifaa'),
  ('BH-ISA', 'BH', 'Isa Town', 'مدينة عيسى', ARRAY['Madinat Isa']::text[], 'isatown|مدينهعيسي|madinatisa'),
  ('QA-DOH', 'QA', 'Doha', 'الدوحة', ARRAY['Ad Dawhah', 'Dawha', 'دوحة']::text[], 'doha|دوحه|dawhah|dawha'),
  ('QA-RAY', 'QA', 'Al Rayyan', 'الريان', ARRAY['Ar Rayyan', 'Rayyan', 'ريان']::text[], 'rayyan|ريان'),
  ('QA-WAK', 'QA', 'Al Wakrah', 'الوكرة', ARRAY['Wakra', 'وكرة']::text[], 'wakrah|وكره|wakra'),
  ('QA-KHO', 'QA', 'Al Khor', 'الخور', ARRAY['Khor', 'خور']::text[], 'khor|خور'),
  ('OM-MCT', 'OM', 'Muscat', 'مسقط', ARRAY['Masqat', 'Maskat']::text[], 'muscat|مسقط|masqat|maskat'),
  ('OM-SLL', 'OM', 'Salalah', 'صلالة', ARRAY['Salala', 'صلاله']::text[], 'salalah|صلاله|salala'),
  ('OM-OHS', 'OM', 'Sohar', 'صحار', ARRAY['Suhar']::text[], 'sohar|صحار|suhar'),
  ('OM-NIZ', 'OM', 'Nizwa', 'نزوى', ARRAY['Nazwa', 'نزوي']::text[], 'nizwa|نزوي|nazwa'),
  ('OM-SUR', 'OM', 'Sur', 'صور', ARRAY['Soor']::text[], 'sur|صور|soor');
--> statement-breakpoint
-- No zone is written for existing stores: a store without zones prices shipping from its settings'
-- flat fee and threshold exactly as before, and those settings stay the ones the owner edits until
-- /admin/shipping exists (decision 039).
-- Existing addresses take their store's country, and a city of the list when its name matches.
UPDATE shipping_addresses a SET country = coalesce((SELECT ss.country FROM store_settings ss WHERE ss.store_id = a.store_id), 'SA');
--> statement-breakpoint
UPDATE shipping_addresses a SET city_id = c.id
FROM cities c
WHERE c.country = a.country
  AND (lower(regexp_replace(a.city, '[^[:alnum:]]', '', 'g')) = ANY (string_to_array(c.search, '|'))
    OR regexp_replace(lower(regexp_replace(a.city, '[^[:alnum:]]', '', 'g')), '^ال', '') = ANY (string_to_array(c.search, '|'))
    OR lower(a.city) = lower(c.name_en) OR a.city = c.name_ar);
