CREATE TABLE "credit_repayment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"repayment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "credit_repayment_allocations_amount_positive" CHECK ("credit_repayment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer NOT NULL,
	"credit_line_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proof_key" text,
	"provider" text,
	"provider_reference" text,
	"payment_url" text,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"reject_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_repayments_amount_positive" CHECK ("credit_repayments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_repayment_allocations" ADD CONSTRAINT "credit_repayment_allocations_repayment_id_credit_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."credit_repayments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_repayments" ADD CONSTRAINT "credit_repayments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_repayments" ADD CONSTRAINT "credit_repayments_credit_line_id_credit_lines_id_fk" FOREIGN KEY ("credit_line_id") REFERENCES "public"."credit_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_repayments" ADD CONSTRAINT "credit_repayments_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_repayment_allocations_unique" ON "credit_repayment_allocations" USING btree ("repayment_id","order_id");--> statement-breakpoint
CREATE INDEX "credit_repayment_allocations_order_idx" ON "credit_repayment_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_repayments_reference_unique" ON "credit_repayments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_repayments_provider_reference_unique" ON "credit_repayments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "credit_repayments_customer_idx" ON "credit_repayments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_repayments_pending_idx" ON "credit_repayments" USING btree ("created_at") WHERE "credit_repayments"."status" = 'pending';