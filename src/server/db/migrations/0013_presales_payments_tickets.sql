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
CREATE TABLE "ticket_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"client_scan_id" text NOT NULL,
	"ticket_id" uuid,
	"performance_id" uuid NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"staff_uid" text NOT NULL,
	"offline" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_scans_client_key" UNIQUE("site_id","client_scan_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"presale_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"performance_id" uuid NOT NULL,
	"offering_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"serial" integer NOT NULL,
	"seat_label" text NOT NULL,
	"holder_member_id" uuid NOT NULL,
	"offered_to_member_id" uuid,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text,
	"holder_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tickets_application_seq_key" UNIQUE("application_id","seq"),
	CONSTRAINT "tickets_performance_serial_key" UNIQUE("performance_id","serial"),
	CONSTRAINT "tickets_performance_seat_key" UNIQUE("performance_id","seat_label"),
	CONSTRAINT "tickets_seq_check" CHECK ("tickets"."seq" BETWEEN 1 AND 4)
);
--> statement-breakpoint
DROP INDEX "one_off_payments_one_open_key";--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "presale_application_id" uuid;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_konbini_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "payment_method" text DEFAULT 'konbini' NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "beacon_round" integer;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "tickets_issue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "seats_reveal_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "results_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_application_id_presale_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."presale_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_performance_id_presale_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."presale_performances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_offering_id_presale_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_holder_member_id_members_id_fk" FOREIGN KEY ("holder_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_offered_to_member_id_members_id_fk" FOREIGN KEY ("offered_to_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_scans_ticket_idx" ON "ticket_scans" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_holder_idx" ON "tickets" USING btree ("holder_member_id");--> statement-breakpoint
CREATE INDEX "tickets_offered_idx" ON "tickets" USING btree ("offered_to_member_id");--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_presale_application_id_presale_applications_id_fk" FOREIGN KEY ("presale_application_id") REFERENCES "public"."presale_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_per_application" ON "one_off_payments" USING btree ("presale_application_id") WHERE "one_off_payments"."status" in ('issuing', 'pending', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_open_key" ON "one_off_payments" USING btree ("member_id","purpose") WHERE "one_off_payments"."status" in ('issuing', 'pending') and "one_off_payments"."purpose" = 'membership';--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_presale_application" CHECK ("one_off_payments"."purpose" <> 'presale' or "one_off_payments"."presale_application_id" is not null);