ALTER TABLE "users" ADD COLUMN "profile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_qr_codes" ADD COLUMN "denied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_qr_codes" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "login_qr_codes" ADD COLUMN "ip" text;