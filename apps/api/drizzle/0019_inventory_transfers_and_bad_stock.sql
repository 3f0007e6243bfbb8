CREATE TYPE "public"."inventory_transfer_status" AS ENUM('Pending', 'Approved', 'Reject');--> statement-breakpoint
CREATE TABLE "bad_stock_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	"original_total" bigint NOT NULL,
	"updated_total" bigint NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bad_stock_transfers_quantity_positive" CHECK ("bad_stock_transfers"."quantity" > 0),
	CONSTRAINT "bad_stock_transfers_amounts" CHECK ("bad_stock_transfers"."amount" >= 0 and "bad_stock_transfers"."updated_total" >= 0 and "bad_stock_transfers"."updated_total" <= "bad_stock_transfers"."original_total")
);
--> statement-breakpoint
CREATE TABLE "inventory_transfer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"source_product_id" integer NOT NULL,
	"target_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "inventory_transfer_lines_quantity_positive" CHECK ("inventory_transfer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_seller_id" integer NOT NULL,
	"target_seller_id" integer NOT NULL,
	"status" "inventory_transfer_status" DEFAULT 'Pending' NOT NULL,
	"created_by_user_id" integer,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_transfers_sellers_differ" CHECK ("inventory_transfers"."source_seller_id" <> "inventory_transfers"."target_seller_id")
);
--> statement-breakpoint
ALTER TABLE "bad_stock_transfers" ADD CONSTRAINT "bad_stock_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_stock_transfers" ADD CONSTRAINT "bad_stock_transfers_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_stock_transfers" ADD CONSTRAINT "bad_stock_transfers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_stock_transfers" ADD CONSTRAINT "bad_stock_transfers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfer_lines" ADD CONSTRAINT "inventory_transfer_lines_transfer_id_inventory_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."inventory_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfer_lines" ADD CONSTRAINT "inventory_transfer_lines_source_product_id_products_id_fk" FOREIGN KEY ("source_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfer_lines" ADD CONSTRAINT "inventory_transfer_lines_target_product_id_products_id_fk" FOREIGN KEY ("target_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfers" ADD CONSTRAINT "inventory_transfers_source_seller_id_seller_companies_id_fk" FOREIGN KEY ("source_seller_id") REFERENCES "public"."seller_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfers" ADD CONSTRAINT "inventory_transfers_target_seller_id_seller_companies_id_fk" FOREIGN KEY ("target_seller_id") REFERENCES "public"."seller_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfers" ADD CONSTRAINT "inventory_transfers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfers" ADD CONSTRAINT "inventory_transfers_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bad_stock_transfers_item_idx" ON "bad_stock_transfers" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "inventory_transfer_lines_transfer_idx" ON "inventory_transfer_lines" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "inventory_transfers_status_idx" ON "inventory_transfers" USING btree ("status","created_at");