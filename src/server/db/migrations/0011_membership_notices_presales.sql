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
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"announcements" boolean DEFAULT true NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delivery_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mail_status" text DEFAULT 'pending' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_error" text,
	"mail_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "presale_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presale_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"receipt_no" text NOT NULL,
	"tickets" integer NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"won_offering_id" uuid,
	"won_rank" integer,
	"void_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presale_applications_receipt_key" UNIQUE("presale_id","receipt_no"),
	CONSTRAINT "presale_applications_tickets_check" CHECK ("presale_applications"."tickets" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "presale_choices" (
	"application_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"offering_id" uuid NOT NULL,
	CONSTRAINT "presale_choices_application_id_rank_pk" PRIMARY KEY("application_id","rank"),
	CONSTRAINT "presale_choices_offering_key" UNIQUE("application_id","offering_id")
);
--> statement-breakpoint
CREATE TABLE "presale_offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presale_id" uuid NOT NULL,
	"performance_id" uuid NOT NULL,
	"seat_type" text NOT NULL,
	"capacity" integer NOT NULL,
	"price_yen" integer NOT NULL,
	CONSTRAINT "presale_offerings_capacity_check" CHECK ("presale_offerings"."capacity" >= 0 AND "presale_offerings"."price_yen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "presale_participants" (
	"presale_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"companion_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presale_participants_presale_id_member_id_pk" PRIMARY KEY("presale_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "presale_performances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presale_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"doors_at" timestamp with time zone,
	"venue" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"tickets_per_application" integer DEFAULT 2 NOT NULL,
	"choice_count" integer DEFAULT 3 NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"results_at" timestamp with time zone NOT NULL,
	"joined_before" timestamp with time zone NOT NULL,
	"companion_rule" text DEFAULT 'member' NOT NULL,
	"konbini_deadline_days" integer DEFAULT 3 NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"frozen_at" timestamp with time zone,
	"entry_list_hash" text,
	"beacon" jsonb,
	"drawn_at" timestamp with time zone,
	"record" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presales_item_key" UNIQUE("item_id"),
	CONSTRAINT "presales_tickets_check" CHECK ("presales"."tickets_per_application" BETWEEN 1 AND 4),
	CONSTRAINT "presales_choices_check" CHECK ("presales"."choice_count" BETWEEN 1 AND 3),
	CONSTRAINT "presales_window_check" CHECK ("presales"."opens_at" < "presales"."closes_at" AND "presales"."closes_at" <= "presales"."results_at")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "signup_return_path" text;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "next_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "site_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_documents" ADD COLUMN "version_published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_events" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD CONSTRAINT "presale_applications_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD CONSTRAINT "presale_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD CONSTRAINT "presale_applications_won_offering_id_presale_offerings_id_fk" FOREIGN KEY ("won_offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_choices" ADD CONSTRAINT "presale_choices_application_id_presale_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."presale_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_choices" ADD CONSTRAINT "presale_choices_offering_id_presale_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_offerings" ADD CONSTRAINT "presale_offerings_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_offerings" ADD CONSTRAINT "presale_offerings_performance_id_presale_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."presale_performances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_participants" ADD CONSTRAINT "presale_participants_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_participants" ADD CONSTRAINT "presale_participants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_participants" ADD CONSTRAINT "presale_participants_application_id_presale_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."presale_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_performances" ADD CONSTRAINT "presale_performances_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presales" ADD CONSTRAINT "presales_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presales" ADD CONSTRAINT "presales_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_open_key" ON "one_off_payments" USING btree ("member_id","purpose") WHERE "one_off_payments"."status" in ('issuing', 'pending');--> statement-breakpoint
CREATE INDEX "one_off_payments_member_idx" ON "one_off_payments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "one_off_payments_open_idx" ON "one_off_payments" USING btree ("created_at") WHERE "one_off_payments"."status" in ('issuing', 'pending');--> statement-breakpoint
CREATE INDEX "announcements_site_idx" ON "announcements" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_delivery_key" ON "notices" USING btree ("site_id","delivery_key");--> statement-breakpoint
CREATE INDEX "notices_member_idx" ON "notices" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_mail_due_idx" ON "notices" USING btree ("mail_due_at") WHERE "notices"."mail_status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notices_mail_failed_idx" ON "notices" USING btree ("site_id","created_at") WHERE "notices"."mail_status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "presale_applications_one_per_member" ON "presale_applications" USING btree ("presale_id","member_id") WHERE "presale_applications"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "presale_participants_application_idx" ON "presale_participants" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "presales_site_idx" ON "presales" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_plan_id_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_version_positive" CHECK ("site_documents"."version" >= 1);