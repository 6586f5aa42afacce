CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_payment_id" text NOT NULL,
	"site_id" uuid NOT NULL,
	"amount_yen" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resale_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"presale_id" uuid NOT NULL,
	"offering_id" uuid NOT NULL,
	"performance_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"seller_member_id" uuid NOT NULL,
	"holder_version" integer NOT NULL,
	"face_value_yen" integer NOT NULL,
	"fee_yen" integer NOT NULL,
	"source_payment_id" uuid NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"match_id" uuid,
	"withdrawn_at" timestamp with time zone,
	"sold_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resale_listings_money_check" CHECK ("resale_listings"."fee_yen" >= 0 AND "resale_listings"."fee_yen" <= "resale_listings"."face_value_yen")
);
--> statement-breakpoint
CREATE TABLE "resale_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"presale_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"wait_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"offering_id" uuid NOT NULL,
	"tickets" integer NOT NULL,
	"amount_yen" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"payment_due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resale_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"presale_id" uuid NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	"entries" integer NOT NULL,
	"matched" integer NOT NULL,
	"draw_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resale_waits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"presale_id" uuid NOT NULL,
	"offering_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"tickets" integer NOT NULL,
	"payment_method" text DEFAULT 'card' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resale_waits_tickets_check" CHECK ("resale_waits"."tickets" BETWEEN 1 AND 4)
);
--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "resale_match_id" uuid;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_fee_yen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_pair_rule" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_match_times" text DEFAULT '12:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_offering_id_presale_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_performance_id_presale_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."presale_performances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_seller_member_id_members_id_fk" FOREIGN KEY ("seller_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_matches" ADD CONSTRAINT "resale_matches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_matches" ADD CONSTRAINT "resale_matches_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_matches" ADD CONSTRAINT "resale_matches_round_id_resale_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."resale_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_matches" ADD CONSTRAINT "resale_matches_wait_id_resale_waits_id_fk" FOREIGN KEY ("wait_id") REFERENCES "public"."resale_waits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_matches" ADD CONSTRAINT "resale_matches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_matches" ADD CONSTRAINT "resale_matches_offering_id_presale_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_rounds" ADD CONSTRAINT "resale_rounds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_rounds" ADD CONSTRAINT "resale_rounds_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_waits" ADD CONSTRAINT "resale_waits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_waits" ADD CONSTRAINT "resale_waits_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_waits" ADD CONSTRAINT "resale_waits_offering_id_presale_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_waits" ADD CONSTRAINT "resale_waits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resale_listings_one_live_per_ticket" ON "resale_listings" USING btree ("ticket_id") WHERE "resale_listings"."status" in ('listed', 'matched');--> statement-breakpoint
CREATE INDEX "resale_listings_presale_idx" ON "resale_listings" USING btree ("presale_id","status");--> statement-breakpoint
CREATE INDEX "resale_listings_match_idx" ON "resale_listings" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_matches_one_open_per_wait" ON "resale_matches" USING btree ("wait_id") WHERE "resale_matches"."status" in ('due', 'paid', 'transferred');--> statement-breakpoint
CREATE INDEX "resale_matches_presale_idx" ON "resale_matches" USING btree ("presale_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_rounds_slot_key" ON "resale_rounds" USING btree ("presale_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_waits_one_live_per_member" ON "resale_waits" USING btree ("offering_id","member_id") WHERE "resale_waits"."status" in ('waiting', 'matched');--> statement-breakpoint
CREATE INDEX "resale_waits_presale_idx" ON "resale_waits" USING btree ("presale_id","status");--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_resale_match_id_resale_matches_id_fk" FOREIGN KEY ("resale_match_id") REFERENCES "public"."resale_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_per_resale_match" ON "one_off_payments" USING btree ("resale_match_id") WHERE "one_off_payments"."status" in ('issuing', 'pending', 'paid');--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_resale_match" CHECK ("one_off_payments"."purpose" <> 'resale' or "one_off_payments"."resale_match_id" is not null);