-- The in-memory search index of every API process (decision 0043) follows the catalogue through NOTIFY on
-- 'catalog_search': 'p:<ids>' names the products (depth 0, by root id) a statement wrote, 'o' says a seller or a
-- category changed. Statement-level, so a bulk write sends one notice per 1,000 products; delivered at commit.
CREATE OR REPLACE FUNCTION products_notify_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  i integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT coalesce(o.root_id, o.id)) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT coalesce(n.root_id, n.id)) INTO ids FROM new_rows n;
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
CREATE TRIGGER products_search_notify_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_notify_search();
--> statement-breakpoint
CREATE TRIGGER products_search_notify_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_notify_search();
--> statement-breakpoint
CREATE TRIGGER products_search_notify_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_notify_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owners_notify_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_search', 'o');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER seller_companies_search_notify AFTER INSERT OR UPDATE OR DELETE ON seller_companies
  FOR EACH STATEMENT EXECUTE FUNCTION owners_notify_search();
--> statement-breakpoint
CREATE TRIGGER categories_search_notify AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION owners_notify_search();
