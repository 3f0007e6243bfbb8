-- Discovery: keeps products.search, products.root_id and products.tree_stock current, and indexes sellers
-- for the listing. Hand-written because drizzle-kit does not emit functions and triggers.

-- The weighted search document of a depth-0 product: A name, B brand, C category and seller name, D description.
-- Takes the names (not ids) so it is immutable and cheap; callers look the names up.
CREATE OR REPLACE FUNCTION products_search_vector(p_name text, p_brand text, p_description text, p_category text, p_seller text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_brand, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_category, '') || ' ' || coalesce(p_seller, '')), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_description, '')), 'D')
$$;
--> statement-breakpoint

-- Before a product node is written: fill root_id (itself for a product, the parent's root for a variation),
-- compute the search document of products (variations carry none), and start a new product's tree_stock at
-- its own stock (its variations, inserted later, refresh it through products_after_write).
CREATE OR REPLACE FUNCTION products_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_category text;
  v_seller text;
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.root_id := NEW.id;
  ELSIF NEW.root_id IS NULL THEN
    SELECT coalesce(p.root_id, p.id) INTO NEW.root_id FROM products p WHERE p.id = NEW.parent_id;
  END IF;
  IF NEW.depth = 0 THEN
    SELECT c.name INTO v_category FROM categories c WHERE c.id = NEW.category_id;
    SELECT s.name INTO v_seller FROM seller_companies s WHERE s.id = NEW.seller_id;
    NEW.search := products_search_vector(NEW.name, NEW.brand, NEW.description, v_category, v_seller);
    IF TG_OP = 'INSERT' THEN
      NEW.tree_stock := CASE WHEN NEW.is_active THEN NEW.stock ELSE 0 END;
    END IF;
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
-- whose variation, for a sub-variation, is active too). Set-based (one pass over the trees' nodes) so a bulk
-- insert of thousands of products costs one scan of their nodes, not one per product.
CREATE OR REPLACE FUNCTION products_refresh_tree_stock(p_roots integer[]) RETURNS void LANGUAGE sql AS $$
  WITH nodes AS MATERIALIZED (
    SELECT n.id, n.parent_id, n.root_id, n.depth, n.stock
      FROM products n
     WHERE n.root_id = ANY (p_roots) AND n.is_active
  ), leaves AS (
    SELECT n.root_id, n.stock
      FROM nodes n
     WHERE NOT EXISTS (SELECT 1 FROM nodes c WHERE c.parent_id = n.id)
       AND (n.depth < 2 OR EXISTS (SELECT 1 FROM nodes v WHERE v.id = n.parent_id))
  ), totals AS (
    SELECT r.id, coalesce(sum(l.stock), 0)::integer AS total
      FROM unnest(p_roots) AS r(id)
      LEFT JOIN leaves l ON l.root_id = r.id
     GROUP BY r.id
  )
  UPDATE products p
     SET tree_stock = t.total
    FROM totals t
   WHERE p.id = t.id AND p.depth = 0 AND p.tree_stock IS DISTINCT FROM t.total
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
    -- New products already carry their own stock (products_before_write); only new variations change a root.
    SELECT array_agg(DISTINCT n.root_id) INTO roots FROM new_rows n WHERE n.root_id IS NOT NULL AND n.depth > 0;
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
  IF NEW.name IS NOT DISTINCT FROM OLD.name THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'categories' THEN
    UPDATE products p
       SET search = products_search_vector(p.name, p.brand, p.description, NEW.name, s.name)
      FROM seller_companies s
     WHERE p.category_id = NEW.id AND p.depth = 0 AND s.id = p.seller_id;
  ELSE
    UPDATE products p
       SET search = products_search_vector(p.name, p.brand, p.description, c.name, NEW.name)
      FROM categories c
     WHERE p.seller_id = NEW.id AND p.depth = 0 AND c.id = p.category_id;
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

-- Room on each page for updated rows (stock, tree_stock, sold_count), so most updates stay on the page (HOT).
ALTER TABLE products SET (fillfactor = 90);
--> statement-breakpoint

-- A shop's products by units sold (shop page default order, the seller cards' four photos) and by price (the
-- shop's LOWEST / HIGHEST PRICE sort), and a category's by price. NULLS LAST like the drizzle-made listing
-- indexes: queries order by `sold_count DESC NULLS LAST, id` to use them.
CREATE INDEX IF NOT EXISTS products_seller_listing_idx ON products (seller_id, sold_count DESC NULLS LAST, id) WHERE depth = 0 AND is_active;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_seller_price_idx ON products (seller_id, effective_price, id) WHERE depth = 0 AND is_active;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_category_price_idx ON products (category_id, effective_price, id) WHERE depth = 0 AND is_active;
--> statement-breakpoint

-- Sellers: keyword search by name (trigram) and the nearby listing's bounding box.
CREATE INDEX IF NOT EXISTS seller_companies_name_trgm_idx ON seller_companies USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS seller_companies_location_idx ON seller_companies (latitude, longitude) WHERE status = 'approved';
--> statement-breakpoint

-- Rows written before this migration.
UPDATE products SET root_id = id WHERE parent_id IS NULL AND root_id IS DISTINCT FROM id;
--> statement-breakpoint
UPDATE products p SET search = products_search_vector(p.name, p.brand, p.description, c.name, s.name)
  FROM categories c, seller_companies s WHERE c.id = p.category_id AND s.id = p.seller_id AND p.depth = 0;
--> statement-breakpoint
SELECT products_refresh_tree_stock(coalesce((SELECT array_agg(id) FROM products WHERE depth = 0), '{}'::integer[]));
