-- Listings from memory (decision 0047) keep each product's card (photo, rating) while its index slot lives: an
-- image or a review written announces its product (by root id) on 'catalog_search' like a product write does
-- (0024), so every API process re-reads that product and shows the new card within a second.
CREATE OR REPLACE FUNCTION product_children_notify_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  i integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT coalesce(p.root_id, o.product_id)) INTO ids
      FROM old_rows o LEFT JOIN products p ON p.id = o.product_id;
  ELSE
    SELECT array_agg(DISTINCT coalesce(p.root_id, n.product_id)) INTO ids
      FROM new_rows n LEFT JOIN products p ON p.id = n.product_id;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  FOR i IN 1 .. array_length(ids, 1) BY 1000 LOOP
    PERFORM pg_notify('catalog_search', 'p:' || array_to_string(ids[i : i + 999], ','));
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_images_search_notify_insert AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_children_notify_search();
--> statement-breakpoint
CREATE TRIGGER product_images_search_notify_update AFTER UPDATE ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_children_notify_search();
--> statement-breakpoint
CREATE TRIGGER product_images_search_notify_delete AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_children_notify_search();
--> statement-breakpoint
CREATE TRIGGER reviews_search_notify_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_children_notify_search();
--> statement-breakpoint
CREATE TRIGGER reviews_search_notify_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_children_notify_search();
--> statement-breakpoint
CREATE TRIGGER reviews_search_notify_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_children_notify_search();
