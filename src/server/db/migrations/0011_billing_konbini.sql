CREATE TABLE "one_off_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"plan_id" uuid,
	"method" text DEFAULT 'konbini' NOT NULL,
	"provider" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"status" text DEFAULT 'issuing' NOT NULL,
	"provider_payment_id" text,
	"payment_number" text,
	"confirmation_number" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_off_payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "one_off_payments_membership_plan" CHECK ("one_off_payments"."purpose" <> 'membership' or "one_off_payments"."plan_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "sandbox_konbini_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"attempt_id" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"status" text NOT NULL,
	"payment_number" text NOT NULL,
	"confirmation_number" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_konbini_payments_attempt_id_unique" UNIQUE("attempt_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "next_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_events" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_open_key" ON "one_off_payments" USING btree ("member_id","purpose") WHERE "one_off_payments"."status" in ('issuing', 'pending');--> statement-breakpoint
CREATE INDEX "one_off_payments_member_idx" ON "one_off_payments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "one_off_payments_open_idx" ON "one_off_payments" USING btree ("created_at") WHERE "one_off_payments"."status" in ('issuing', 'pending');--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_plan_id_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;