CREATE TABLE "product_option_values" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"value_en" text NOT NULL,
	"value_ar" text NOT NULL,
	CONSTRAINT "product_option_values_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	CONSTRAINT "product_options_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "product_options_product_key" UNIQUE("store_id","product_id","id"),
	CONSTRAINT "product_options_position_key" UNIQUE("store_id","product_id","position"),
	CONSTRAINT "product_options_position_range" CHECK ("product_options"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text,
	"price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"option1_value_id" uuid,
	"option2_value_id" uuid,
	"option3_value_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "product_variants_product_key" UNIQUE("store_id","product_id","id"),
	CONSTRAINT "product_variants_combination_key" UNIQUE NULLS NOT DISTINCT("store_id","product_id","option1_value_id","option2_value_id","option3_value_id"),
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_product_key";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "display_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "display_prices_until" timestamp with time zone;--> statement-breakpoint
-- Today's products become one variant each, under the product's own id (decision 023): a cart or
-- order line's variant is then its product id, and nothing else about it changes.
INSERT INTO "product_variants" ("store_id", "id", "product_id", "price_cents", "stock", "active", "position", "created_at", "updated_at")
  SELECT "store_id", "id", "id", "price_cents", "stock", true, 0, "created_at", "updated_at" FROM "products";--> statement-breakpoint
UPDATE "cart_items" SET "variant_id" = "product_id";--> statement-breakpoint
UPDATE "order_items" SET "variant_id" = "product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "variant_id" SET DEFAULT null;--> statement-breakpoint
-- A line written without a variant is for its product's default variant, whose id is the
-- product's: the one shape for writers that know only the product (fixtures, older callers).
CREATE FUNCTION lines_default_variant() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.variant_id IS NULL THEN
      NEW.variant_id := NEW.product_id;
    END IF;
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER cart_items_default_variant BEFORE INSERT ON cart_items
  FOR EACH ROW EXECUTE FUNCTION lines_default_variant();
--> statement-breakpoint
CREATE TRIGGER order_items_default_variant BEFORE INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION lines_default_variant();
--> statement-breakpoint
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_fk" FOREIGN KEY ("store_id","option_id") REFERENCES "public"."product_options"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_image_fk" FOREIGN KEY ("store_id","image_id") REFERENCES "public"."images"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_option1_fk" FOREIGN KEY ("store_id","option1_value_id") REFERENCES "public"."product_option_values"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_option2_fk" FOREIGN KEY ("store_id","option2_value_id") REFERENCES "public"."product_option_values"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_option3_fk" FOREIGN KEY ("store_id","option3_value_id") REFERENCES "public"."product_option_values"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_option_values_option_idx" ON "product_option_values" USING btree ("store_id","option_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("store_id","product_id","position");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_fk" FOREIGN KEY ("store_id","product_id","variant_id") REFERENCES "public"."product_variants"("store_id","product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_fk" FOREIGN KEY ("store_id","product_id","variant_id") REFERENCES "public"."product_variants"("store_id","product_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("store_id","product_id","variant_id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("store_id","display_price_cents","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("store_id","category_id","display_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("store_id","subcategory_id","display_price_cents","id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_variant_key" UNIQUE("store_id","user_id","variant_id");--> statement-breakpoint
-- Row-level security for the new tenant tables, as drizzle/0001_rls.sql does for the others.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product_options', 'product_option_values', 'product_variants'] LOOP
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
GRANT UPDATE (display_prices_until) ON stores TO storefront_app;
--> statement-breakpoint
-- ───────── a product's summary of its variants (decision 023) ─────────
-- products.price_cents is the lowest active variant price (the lowest of all when none is
-- active) and products.stock the active variants' total. Stock moves by the change of the one
-- variant (a difference commutes, so concurrent checkouts of sibling variants add up exactly);
-- the price is recomputed only when a price or an active flag changes.
-- Changes made by the product's own triggers below (depth > 1) are already in the product row.
CREATE FUNCTION product_variants_to_product() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    v_store uuid := coalesce(NEW.store_id, OLD.store_id);
    v_product uuid := coalesce(NEW.product_id, OLD.product_id);
    v_delta integer := 0;
  BEGIN
    IF pg_trigger_depth() > 1 THEN
      RETURN NULL;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.active THEN
      v_delta := v_delta + NEW.stock;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.active THEN
      v_delta := v_delta - OLD.stock;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.price_cents = OLD.price_cents AND NEW.active = OLD.active
       AND NEW.product_id = OLD.product_id THEN
      IF v_delta <> 0 THEN
        UPDATE products SET stock = stock + v_delta WHERE store_id = v_store AND id = v_product;
      END IF;
      RETURN NULL;
    END IF;
    UPDATE products SET
      stock = stock + v_delta,
      price_cents = coalesce(
        (SELECT min(v.price_cents) FROM product_variants v
          WHERE v.store_id = v_store AND v.product_id = v_product AND v.active),
        (SELECT min(v.price_cents) FROM product_variants v
          WHERE v.store_id = v_store AND v.product_id = v_product),
        price_cents)
      WHERE store_id = v_store AND id = v_product;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_to_product
  AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_to_product();
--> statement-breakpoint
-- Every product has a variant from its first moment: its default one, under its own id. Every
-- writer (the admin form, the CSV import, the seed, the tests' fixtures) gets it.
CREATE FUNCTION products_default_variant() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO product_variants (store_id, id, product_id, price_cents, stock, position)
      VALUES (NEW.store_id, NEW.id, NEW.id, NEW.price_cents, NEW.stock, 0);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER products_default_variant
  AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION products_default_variant();
--> statement-breakpoint
-- (Triggers of one event fire in name order: this one, 1_, puts a refused write back before
-- 2_display_price prices the row.)
-- Writing the price or stock of a product with one variant writes that variant (the admin form
-- and the CSV import of single-variant products); with several, a product-level write is
-- meaningless and is put back to the variants' summary.
CREATE FUNCTION products_to_single_variant() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    v_count integer;
  BEGIN
    IF pg_trigger_depth() > 1 THEN
      RETURN NEW;
    END IF;
    SELECT count(*) INTO v_count FROM product_variants WHERE store_id = NEW.store_id AND product_id = NEW.id;
    IF v_count = 1 THEN
      UPDATE product_variants SET price_cents = NEW.price_cents, stock = NEW.stock
        WHERE store_id = NEW.store_id AND product_id = NEW.id;
      -- An inactive single variant counts nothing towards the product's stock.
      IF NOT (SELECT active FROM product_variants WHERE store_id = NEW.store_id AND product_id = NEW.id) THEN
        NEW.stock := 0;
      END IF;
    ELSIF v_count > 1 THEN
      NEW.price_cents := OLD.price_cents;
      NEW.stock := OLD.stock;
    END IF;
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER products_1_to_single_variant
  BEFORE UPDATE OF price_cents, stock ON products
  FOR EACH ROW WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.stock IS DISTINCT FROM NEW.stock)
  EXECUTE FUNCTION products_to_single_variant();
--> statement-breakpoint
-- ───────── the price shoppers pay, for sorting and filtering (decision 023) ─────────
-- The pricing core's rule (app/services/commerce/pricing.server.ts, decision 011) for one unit:
-- the best running sale of the store, the product or its (sub) category; a percentage rounded
-- half-up on the unit price; never below zero. A test holds the two to the same cents.
CREATE FUNCTION product_display_price(p_store uuid, p_product uuid, p_price integer,
    p_category uuid, p_subcategory uuid, p_at timestamptz) RETURNS integer
  LANGUAGE sql STABLE
  AS $$
    SELECT least(p_price, coalesce(min(greatest(0, p_price - CASE s.kind
        WHEN 'percent' THEN ((p_price::bigint * s.value + 50) / 100)::integer
        ELSE s.value END)), p_price))
    FROM sales s
    WHERE s.store_id = p_store AND s.active AND s.starts_at <= p_at AND s.ends_at > p_at
      AND (s.scope = 'store' OR EXISTS (
        SELECT 1 FROM sale_targets t
        WHERE t.store_id = s.store_id AND t.sale_id = s.id
          AND ((s.scope = 'products' AND t.product_id = p_product)
            OR (s.scope = 'categories' AND (t.category_id = p_category OR t.category_id = p_subcategory)))))
  $$;
--> statement-breakpoint
CREATE FUNCTION products_display_price() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.display_price_cents := product_display_price(NEW.store_id, NEW.id, NEW.price_cents,
      NEW.category_id, NEW.subcategory_id, now());
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER products_2_display_price
  BEFORE INSERT OR UPDATE OF price_cents, category_id, subcategory_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_display_price();
--> statement-breakpoint
-- Every product of the store priced as of now, and the next moment that changes (a sale starting
-- or ending) noted on the store; a listing read past it refreshes first
-- (refresh_display_prices_if_due). One refresh at a time per store: a second one waits for it.
CREATE FUNCTION refresh_display_prices(p_store uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    v_now timestamptz := clock_timestamp();
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended('display-prices:' || p_store::text, 0));
    UPDATE products p SET display_price_cents = x.price
      FROM (SELECT q.id, product_display_price(q.store_id, q.id, q.price_cents, q.category_id,
              q.subcategory_id, v_now) AS price
            FROM products q WHERE q.store_id = p_store) x
      WHERE p.store_id = p_store AND p.id = x.id AND p.display_price_cents <> x.price;
    UPDATE stores SET display_prices_until = (
        SELECT least(min(s.starts_at) FILTER (WHERE s.starts_at > v_now), min(s.ends_at))
        FROM sales s WHERE s.store_id = p_store AND s.active AND s.ends_at > v_now)
      WHERE id = p_store;
  END $$;
--> statement-breakpoint
CREATE FUNCTION refresh_display_prices_if_due(p_store uuid) RETURNS boolean
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF (SELECT display_prices_until FROM stores WHERE id = p_store) <= clock_timestamp() THEN
      PERFORM refresh_display_prices(p_store);
      RETURN true;
    END IF;
    RETURN false;
  END $$;
--> statement-breakpoint
-- Sales and their targets change what their products cost: the store's prices follow at once.
CREATE FUNCTION sales_refresh_display_prices() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    v_store uuid;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      FOR v_store IN SELECT DISTINCT store_id FROM new_rows LOOP
        PERFORM refresh_display_prices(v_store);
      END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR v_store IN SELECT DISTINCT store_id FROM old_rows LOOP
        PERFORM refresh_display_prices(v_store);
      END LOOP;
    ELSE
      FOR v_store IN SELECT store_id FROM new_rows UNION SELECT store_id FROM old_rows LOOP
        PERFORM refresh_display_prices(v_store);
      END LOOP;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER sales_display_prices_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_refresh_display_prices();
--> statement-breakpoint
CREATE TRIGGER sales_display_prices_update AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_refresh_display_prices();
--> statement-breakpoint
CREATE TRIGGER sales_display_prices_delete AFTER DELETE ON sales
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_refresh_display_prices();
--> statement-breakpoint
CREATE TRIGGER sale_targets_display_prices_insert AFTER INSERT ON sale_targets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_refresh_display_prices();
--> statement-breakpoint
CREATE TRIGGER sale_targets_display_prices_update AFTER UPDATE ON sale_targets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_refresh_display_prices();
--> statement-breakpoint
CREATE TRIGGER sale_targets_display_prices_delete AFTER DELETE ON sale_targets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_refresh_display_prices();
--> statement-breakpoint
UPDATE products SET display_price_cents = product_display_price(store_id, id, price_cents, category_id, subcategory_id, now());
--> statement-breakpoint
UPDATE stores s SET display_prices_until = (
    SELECT least(min(x.starts_at) FILTER (WHERE x.starts_at > now()), min(x.ends_at))
    FROM sales x WHERE x.store_id = s.id AND x.active AND x.ends_at > now());
--> statement-breakpoint
-- Product pages show options and variants: their changes drop the store's cached pages too.
CREATE TRIGGER product_variants_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON product_options
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_option_values_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON product_option_values
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
