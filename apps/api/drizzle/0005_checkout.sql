CREATE TYPE "public"."order_status" AS ENUM('Pending', 'Verified', 'For Preparation', 'For Delivery', 'Delivered', 'Received', 'Denied', 'Cancelled', 'Payment Failed', 'Payment Expired');--> statement-breakpoint
CREATE TYPE "public"."shipping_type" AS ENUM('standard', 'transportify', 'lalamove', 'hardware', 'pickup');--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_line_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"actor_user_id" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" "order_status" NOT NULL,
	"actor_user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"root_product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"variation_name" text,
	"sub_variation_name" text,
	"photo_url" text,
	"unit_price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" bigint NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"checkout_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"agent_code" text,
	"status" "order_status" DEFAULT 'Pending' NOT NULL,
	"shipping_type" "shipping_type" NOT NULL,
	"fulfilment_type" text NOT NULL,
	"schedule_date" date NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text,
	"billing_email" text NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_latitude" double precision,
	"delivery_longitude" double precision,
	"payment_method" text NOT NULL,
	"payment_channel" text,
	"subtotal" bigint NOT NULL,
	"shipping_fee" bigint NOT NULL,
	"voucher_discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"order_instructions" text,
	"logistics_company" text,
	"courier_quotation_id" text,
	"courier_share_link" text,
	"courier_details" jsonb,
	"proof_of_payment_url" text,
	"purchase_order_url" text,
	"deny_reason" text,
	"verified_at" timestamp with time zone,
	"preparation_at" timestamp with time zone,
	"delivery_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"denied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"payment_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."subtotal" >= 0 and "orders"."shipping_fee" >= 0 and "orders"."voucher_discount" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"method" text NOT NULL,
	"channel" text,
	"provider" text NOT NULL,
	"provider_reference" text,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_url" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"checkout_id" integer NOT NULL,
	"discount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"max_discount" bigint,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"seller_id" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_customer_limit" integer DEFAULT 1 NOT NULL,
	"is_suggested" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_usage_within_limit" CHECK ("vouchers"."usage_limit" is null or "vouchers"."used_count" <= "vouchers"."usage_limit"),
	CONSTRAINT "vouchers_amount_positive" CHECK ("vouchers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "facial_verification_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bir_2303_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_credit_line_id_credit_lines_id_fk" FOREIGN KEY ("credit_line_id") REFERENCES "public"."credit_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_root_product_id_products_id_fk" FOREIGN KEY ("root_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_seller_companies_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_seller_id_seller_companies_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_transactions_line_idx" ON "credit_transactions" USING btree ("credit_line_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_idempotency_unique" ON "checkouts" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_unique" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_payment_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."payment_expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_unique" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_unique" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_customer_idx" ON "voucher_redemptions" USING btree ("voucher_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_unique" ON "vouchers" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_balance_not_negative" CHECK ("credit_lines"."balance" >= 0);