CREATE TABLE "tenure_benefits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"years" integer NOT NULL,
	"message" text NOT NULL,
	"item_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD COLUMN "birthday" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD COLUMN "birthday_greeting" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenure_benefits" ADD CONSTRAINT "tenure_benefits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenure_benefits" ADD CONSTRAINT "tenure_benefits_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenure_benefits_site_idx" ON "tenure_benefits" USING btree ("site_id","years");--> statement-breakpoint
-- Hand-written backfill (issue 43): a subscription paid before paid_from existed began, as far as we know, when its
-- row was written. Konbini periods are read from one_off_payments (their own period_start), not from this column.
UPDATE "subscriptions" SET "paid_from" = "created_at"
WHERE "paid_from" IS NULL AND "status" NOT IN ('incomplete', 'incomplete_expired');
