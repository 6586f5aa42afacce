CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"member_id" uuid,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"provider_payment_id" text,
	"one_off_payment_id" uuid,
	"purpose" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"provider_status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_disputes_provider_dispute_id_unique" UNIQUE("provider_dispute_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_events" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_one_off_payment_id_one_off_payments_id_fk" FOREIGN KEY ("one_off_payment_id") REFERENCES "public"."one_off_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_site_idx" ON "payment_disputes" USING btree ("site_id","opened_at");--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_recipient" CHECK ("notices"."member_id" is not null or "notices"."to_address" is not null);