CREATE TABLE "login_qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_by_user_id" integer,
	"approved_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_qr_codes" ADD CONSTRAINT "login_qr_codes_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_qr_codes_hash_unique" ON "login_qr_codes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_qr_codes_expires_idx" ON "login_qr_codes" USING btree ("expires_at");