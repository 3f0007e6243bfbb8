CREATE TABLE "carts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"order_instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_order_instructions_length" CHECK (char_length("carts"."order_instructions") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "marked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "last_add_key" text;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;