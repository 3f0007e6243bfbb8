CREATE TABLE "stock_closed_months" (
	"month" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_month_closings" (
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"closing" integer NOT NULL,
	CONSTRAINT "stock_month_closings_month_product_id_pk" PRIMARY KEY("month","product_id")
);
--> statement-breakpoint
DROP INDEX "stock_movements_created_idx";--> statement-breakpoint
ALTER TABLE "stock_month_closings" ADD CONSTRAINT "stock_month_closings_month_stock_closed_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."stock_closed_months"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_month_closings" ADD CONSTRAINT "stock_month_closings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_period_idx" ON "stock_movements" USING btree ("created_at") INCLUDE ("product_id", "kind", "quantity");--> statement-breakpoint
-- A ledger row whose instant falls in a closed month (written more than an hour after that instant: a backdated row,
-- an import) reopens that month and every later one: their closings are deleted and the job builds them again
-- (decision 0045). Rows written now never fire it (the WHEN is checked without a query).
CREATE OR REPLACE FUNCTION stock_movements_reopen_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stock_closed_months
  WHERE month >= date_trunc('month', NEW.created_at AT TIME ZONE 'Asia/Manila')::date;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_reopen_months AFTER INSERT ON stock_movements
FOR EACH ROW WHEN (NEW.created_at < clock_timestamp() - interval '1 hour')
EXECUTE FUNCTION stock_movements_reopen_months();
