CREATE TABLE "seller_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"parent_company" boolean NOT NULL,
	"mother_company_id" integer,
	"company_name" text NOT NULL,
	"description" text NOT NULL,
	"owner" text NOT NULL,
	"email" text NOT NULL,
	"logo_key" text NOT NULL,
	"computation_method" text NOT NULL,
	"small_item_fee_fixed" bigint NOT NULL,
	"big_item_fee_fixed" bigint NOT NULL,
	"small_item_fee_per_km" bigint NOT NULL,
	"big_item_fee_per_km" bigint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"seller_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_companies" ADD COLUMN "parent_seller_id" integer;--> statement-breakpoint
ALTER TABLE "seller_registrations" ADD CONSTRAINT "seller_registrations_mother_company_id_seller_companies_id_fk" FOREIGN KEY ("mother_company_id") REFERENCES "public"."seller_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_registrations" ADD CONSTRAINT "seller_registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_registrations" ADD CONSTRAINT "seller_registrations_seller_id_seller_companies_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_registrations_status_idx" ON "seller_registrations" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_registrations_pending_email_unique" ON "seller_registrations" USING btree (lower("email")) WHERE "seller_registrations"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "seller_companies" ADD CONSTRAINT "seller_companies_parent_seller_id_seller_companies_id_fk" FOREIGN KEY ("parent_seller_id") REFERENCES "public"."seller_companies"("id") ON DELETE set null ON UPDATE no action;