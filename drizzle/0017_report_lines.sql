-- Sales by product reads a range's lines by the time their order was placed (decision 018):
-- order_items.placed_at is the order's created_at, so the lines of 90 days are one range of
-- order_items_placed_idx instead of one probe of order_items_report_idx per order.
ALTER TABLE "order_items" ADD COLUMN "placed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "order_items" i SET "placed_at" = o."created_at"
  FROM "orders" o WHERE o."store_id" = i."store_id" AND o."id" = i."order_id";--> statement-breakpoint
-- The copy is the database's, not each writer's: checkout, the seed and the tests' fixtures all
-- insert lines, and whatever they say (or leave to the default) the line gets its order's time.
-- Invoker's rights: a line's order is in the line's store, which row-level security lets the
-- inserting role see; no order found leaves NULL and the insert fails on NOT NULL.
CREATE FUNCTION order_items_placed_at() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.placed_at := (SELECT o.created_at FROM orders o WHERE o.store_id = NEW.store_id AND o.id = NEW.order_id);
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_placed_at
  BEFORE INSERT OR UPDATE OF placed_at, order_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_placed_at();
--> statement-breakpoint
-- An order's time does not change in the app; if it ever is changed (by hand, in a test), its
-- lines follow.
CREATE FUNCTION orders_placed_at_to_lines() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE order_items SET placed_at = NEW.created_at WHERE store_id = NEW.store_id AND order_id = NEW.id;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER orders_placed_at_to_lines
  AFTER UPDATE OF created_at ON orders
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_placed_at_to_lines();
--> statement-breakpoint
DROP INDEX "order_items_report_idx";--> statement-breakpoint
CREATE INDEX "order_items_placed_idx" ON "order_items" USING btree ("store_id","placed_at","order_id","product_id","quantity","line_total_cents","unit_discount_cents");
