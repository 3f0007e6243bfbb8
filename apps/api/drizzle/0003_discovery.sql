CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_range" CHECK ("cart_items"."quantity" between 1 and 1200)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "effective_price" bigint GENERATED ALWAYS AS (CASE WHEN "discounted_price" >= 100 THEN "discounted_price" ELSE "price" END) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tree_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_customer_product_unique" ON "cart_items" USING btree ("customer_id","product_id");--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WHERE "products"."depth" = 0;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WHERE "products"."depth" = 0;--> statement-breakpoint
CREATE INDEX "products_best_sellers_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST,"id") WHERE "products"."depth" = 0 and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS LAST,"id") WHERE "products"."depth" = 0 and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree ("effective_price","id") WHERE "products"."depth" = 0 and "products"."is_active";