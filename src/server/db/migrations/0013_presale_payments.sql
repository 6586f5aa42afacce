CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"attempt_id" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "sandbox_charges_attempt_id_unique" UNIQUE("attempt_id")
);
--> statement-breakpoint
DROP INDEX "one_off_payments_one_open_key";--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "presale_application_id" uuid;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_konbini_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "payment_method" text DEFAULT 'konbini' NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "results_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_presale_application_id_presale_applications_id_fk" FOREIGN KEY ("presale_application_id") REFERENCES "public"."presale_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_per_application" ON "one_off_payments" USING btree ("presale_application_id") WHERE "one_off_payments"."status" in ('issuing', 'pending', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_open_key" ON "one_off_payments" USING btree ("member_id","purpose") WHERE "one_off_payments"."status" in ('issuing', 'pending') and "one_off_payments"."purpose" = 'membership';--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_presale_application" CHECK ("one_off_payments"."purpose" <> 'presale' or "one_off_payments"."presale_application_id" is not null);