ALTER TABLE "products" ADD COLUMN "secondary_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_seller_secondary_id_unique" ON "products" USING btree ("seller_id","secondary_id");--> statement-breakpoint
-- Every product node gets a code when none is given ('SKU-' and its zero-padded id): the CODE column of a sales
-- import (decision 0042). Existing rows are filled now; new rows by the trigger.
UPDATE "products" SET "secondary_id" = 'SKU-' || lpad("id"::text, 6, '0') WHERE "secondary_id" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_secondary_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.secondary_id IS NULL OR btrim(NEW.secondary_id) = '' THEN
    NEW.secondary_id := 'SKU-' || lpad(NEW.id::text, 6, '0');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_secondary_id BEFORE INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_secondary_id();
