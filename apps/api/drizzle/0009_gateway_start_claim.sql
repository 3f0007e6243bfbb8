ALTER TABLE "checkouts" ADD COLUMN "gateway_pending" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "gateway_claim" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "gateway_claimed_until" timestamp with time zone;