-- Each process keeps the viewers of signed-in cached pages it read (decision 031, issue 41):
-- a session's user, their name, email, admin flag, photo, cart and wishlist lines and reviews.
-- A change to any of those is broadcast with the store and the user, and every process drops
-- that user's viewers. The browser that made a change also carries a new stamp in its next
-- request (server/page-cache/viewers.ts), so its own next page never waits for this message;
-- the message is for changes made elsewhere (another device, an admin, a job).
CREATE FUNCTION notify_viewer_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changed record;
  BEGIN
    IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
    -- users has no user_id: its own id is the user (a record's field is read when reached).
    IF TG_TABLE_NAME = 'users' THEN
      PERFORM pg_notify('viewer_changed', changed.store_id::text || ':' || changed.id::text);
      RETURN NULL;
    END IF;
    PERFORM pg_notify('viewer_changed', changed.store_id::text || ':' || changed.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('viewer_changed', OLD.store_id::text || ':' || OLD.user_id::text);
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER users_viewer_changed
  AFTER UPDATE OF name, email, is_admin, image_id, blocked_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_viewer_changed();
--> statement-breakpoint
-- A read touches last_seen_at (at most every five minutes): that changes no viewer.
CREATE TRIGGER sessions_viewer_changed
  AFTER UPDATE OF user_id, expires_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_viewer_changed();
--> statement-breakpoint
CREATE TRIGGER cart_items_viewer_changed
  AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION notify_viewer_changed();
--> statement-breakpoint
CREATE TRIGGER wishlist_items_viewer_changed
  AFTER INSERT OR UPDATE OR DELETE ON wishlist_items
  FOR EACH ROW EXECUTE FUNCTION notify_viewer_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_viewer_changed
  AFTER INSERT OR UPDATE OF user_id, product_id OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION notify_viewer_changed();
