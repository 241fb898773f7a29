-- Storefront pages cache catalogue reads on every instance (app/services/catalog-cache.server.ts,
-- decision 007). A change to anything those pages show is broadcast with the store's id, and
-- every instance drops that store's entries. Per-row triggers: Postgres sends identical
-- notifications of one transaction once, so a bulk change is still one message per store.
CREATE FUNCTION notify_catalog_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changed record;
  BEGIN
    IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
    PERFORM pg_notify('catalog_changed', changed.store_id::text);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON product_images
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
-- A new image shows nowhere until a product or category points at it.
CREATE TRIGGER images_catalog_changed
  AFTER UPDATE OR DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER sales_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER sale_targets_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON sale_targets
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
-- Reviews show the reviewer's name; sign-ins and password changes update other columns.
CREATE TRIGGER users_catalog_changed
  AFTER UPDATE OF name OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
-- 'Verified buyer' depends on the shopper's orders of the product and their status.
CREATE TRIGGER orders_catalog_changed
  AFTER INSERT OR UPDATE OF status OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_catalog_changed
  AFTER INSERT OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
