-- Discovery: keeps products.search, products.root_id and products.tree_stock current, and indexes sellers
-- for the listing. Hand-written because drizzle-kit does not emit functions and triggers.

-- The weighted search document of a depth-0 product: A name, B brand, C category and seller name, D description.
CREATE OR REPLACE FUNCTION products_search_vector(p_name text, p_brand text, p_description text, p_category_id integer, p_seller_id integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_brand, '')), 'B')
      || setweight(to_tsvector('english'::regconfig,
           coalesce((SELECT c.name FROM categories c WHERE c.id = p_category_id), '') || ' ' ||
           coalesce((SELECT s.name FROM seller_companies s WHERE s.id = p_seller_id), '')), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_description, '')), 'D')
$$;
--> statement-breakpoint

-- Before a product node is written: fill root_id (itself for a product, the parent's root for a variation)
-- and compute the search document of products (variations carry none).
CREATE OR REPLACE FUNCTION products_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.root_id := NEW.id;
  ELSIF NEW.root_id IS NULL THEN
    SELECT coalesce(p.root_id, p.id) INTO NEW.root_id FROM products p WHERE p.id = NEW.parent_id;
  END IF;
  IF NEW.depth = 0 THEN
    NEW.search := products_search_vector(NEW.name, NEW.brand, NEW.description, NEW.category_id, NEW.seller_id);
  ELSE
    NEW.search := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search
  BEFORE INSERT OR UPDATE OF name, brand, description, category_id, seller_id, parent_id, root_id, depth
  ON products FOR EACH ROW EXECUTE FUNCTION products_before_write();
--> statement-breakpoint

-- tree_stock of the given products: the stock of their orderable leaves (active nodes without active children
-- whose variation, for a sub-variation, is active too).
CREATE OR REPLACE FUNCTION products_refresh_tree_stock(p_roots integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products r
     SET tree_stock = fresh.total
    FROM (
      SELECT root.id,
             coalesce((SELECT sum(n.stock)
                         FROM products n
                        WHERE n.root_id = root.id
                          AND n.is_active
                          AND NOT EXISTS (SELECT 1 FROM products c WHERE c.parent_id = n.id AND c.is_active)
                          AND (n.depth < 2 OR EXISTS (SELECT 1 FROM products v WHERE v.id = n.parent_id AND v.is_active))),
                      0)::integer AS total
        FROM products root
       WHERE root.id = ANY (p_roots) AND root.depth = 0
    ) fresh
   WHERE r.id = fresh.id AND r.tree_stock IS DISTINCT FROM fresh.total
$$;
--> statement-breakpoint

-- After a statement writes products: refresh the roots whose leaves' stock, activity or shape changed.
-- Statement-level with transition tables so a bulk insert refreshes each root once. The refresh itself
-- only writes tree_stock, which this trigger ignores, so it does not recurse.
CREATE OR REPLACE FUNCTION products_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  roots integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.root_id) INTO roots FROM new_rows n WHERE n.root_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.root_id) INTO roots FROM old_rows o WHERE o.root_id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT x.root_id) INTO roots
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.root_id), (o.root_id)) AS x(root_id)
     WHERE x.root_id IS NOT NULL
       AND (n.stock IS DISTINCT FROM o.stock
         OR n.is_active IS DISTINCT FROM o.is_active
         OR n.parent_id IS DISTINCT FROM o.parent_id
         OR n.root_id IS DISTINCT FROM o.root_id);
  END IF;
  IF roots IS NOT NULL THEN
    PERFORM products_refresh_tree_stock(roots);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_tree_stock_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_after_write();
--> statement-breakpoint
CREATE TRIGGER products_tree_stock_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_after_write();
--> statement-breakpoint
CREATE TRIGGER products_tree_stock_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_after_write();
--> statement-breakpoint

-- A renamed category or seller renames the C part of its products' documents.
CREATE OR REPLACE FUNCTION products_search_refresh_for_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    IF TG_TABLE_NAME = 'categories' THEN
      UPDATE products p
         SET search = products_search_vector(p.name, p.brand, p.description, p.category_id, p.seller_id)
       WHERE p.category_id = NEW.id AND p.depth = 0;
    ELSE
      UPDATE products p
         SET search = products_search_vector(p.name, p.brand, p.description, p.category_id, p.seller_id)
       WHERE p.seller_id = NEW.id AND p.depth = 0;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh_for_owner();
--> statement-breakpoint
CREATE TRIGGER seller_companies_search_rename AFTER UPDATE OF name ON seller_companies
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh_for_owner();
--> statement-breakpoint

-- Sellers: keyword search by name (trigram) and the nearby listing's bounding box.
CREATE INDEX IF NOT EXISTS seller_companies_name_trgm_idx ON seller_companies USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS seller_companies_location_idx ON seller_companies (latitude, longitude) WHERE status = 'approved';
--> statement-breakpoint

-- Rows written before this migration.
UPDATE products SET root_id = id WHERE parent_id IS NULL AND root_id IS DISTINCT FROM id;
--> statement-breakpoint
UPDATE products SET search = products_search_vector(name, brand, description, category_id, seller_id) WHERE depth = 0;
--> statement-breakpoint
SELECT products_refresh_tree_stock(coalesce((SELECT array_agg(id) FROM products WHERE depth = 0), '{}'::integer[]));
