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
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_payment_id" text NOT NULL,
	"site_id" uuid NOT NULL,
	"amount_yen" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"presale_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"first_record_hash" text NOT NULL,
	"entries" jsonb NOT NULL,
	"offerings" jsonb NOT NULL,
	"entry_list_hash" text NOT NULL,
	"beacon_source" text NOT NULL,
	"beacon_round" integer,
	"frozen_at" timestamp with time zone NOT NULL,
	"drawn_at" timestamp with time zone,
	"record_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_rounds_number_key" UNIQUE("presale_id","number"),
	CONSTRAINT "draw_rounds_key_key" UNIQUE("presale_id","key"),
	CONSTRAINT "draw_rounds_number_check" CHECK ("draw_rounds"."number" >= 2)
);
--> statement-breakpoint
CREATE TABLE "presale_released_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presale_id" uuid NOT NULL,
	"offering_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"staff_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presale_released_seats_check" CHECK ("presale_released_seats"."seats" BETWEEN 1 AND 10000)
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
CREATE TABLE "live_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"archive_days" integer DEFAULT 7 NOT NULL,
	"archive_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_streams_item_id_unique" UNIQUE("item_id")
);
--> statement-breakpoint
CREATE TABLE "chat_events" (
	"item_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref_seq" bigint,
	"value" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_events_item_id_seq_pk" PRIMARY KEY("item_id","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"item_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"site_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "chat_messages_item_id_seq_pk" PRIMARY KEY("item_id","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_restrictions" (
	"item_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_restrictions_item_id_uid_pk" PRIMARY KEY("item_id","uid")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"slow_seconds" integer DEFAULT 0 NOT NULL,
	"pinned_seq" bigint
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_uid" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_body_check" CHECK (char_length("support_messages"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"payment_ref" text,
	"payment_label" text,
	"ticket_id" uuid,
	"ticket_label" text,
	"from_path" text,
	"member_number" integer,
	"plan_name" text,
	"status" text DEFAULT 'open' NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD COLUMN "resale_match_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "handled_note" text;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD COLUMN "birthday" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD COLUMN "birthday_greeting" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "second_chance_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "second_chance_round_id" uuid;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "access_need" text;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "access_note" text;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_fee_yen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_pair_rule" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "resale_match_times" text DEFAULT '12:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "accessibility_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenure_benefits" ADD CONSTRAINT "tenure_benefits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenure_benefits" ADD CONSTRAINT "tenure_benefits_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_rounds" ADD CONSTRAINT "draw_rounds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_rounds" ADD CONSTRAINT "draw_rounds_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_released_seats" ADD CONSTRAINT "presale_released_seats_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_released_seats" ADD CONSTRAINT "presale_released_seats_offering_id_presale_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_restrictions" ADD CONSTRAINT "chat_restrictions_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_thread_id_support_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."support_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenure_benefits_site_idx" ON "tenure_benefits" USING btree ("site_id","years");--> statement-breakpoint
CREATE INDEX "presale_released_seats_presale_idx" ON "presale_released_seats" USING btree ("presale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_listings_one_live_per_ticket" ON "resale_listings" USING btree ("ticket_id") WHERE "resale_listings"."status" in ('listed', 'matched');--> statement-breakpoint
CREATE INDEX "resale_listings_presale_idx" ON "resale_listings" USING btree ("presale_id","status");--> statement-breakpoint
CREATE INDEX "resale_listings_match_idx" ON "resale_listings" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_matches_one_open_per_wait" ON "resale_matches" USING btree ("wait_id") WHERE "resale_matches"."status" in ('due', 'paid', 'transferred');--> statement-breakpoint
CREATE INDEX "resale_matches_presale_idx" ON "resale_matches" USING btree ("presale_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_rounds_slot_key" ON "resale_rounds" USING btree ("presale_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_waits_one_live_per_member" ON "resale_waits" USING btree ("offering_id","member_id") WHERE "resale_waits"."status" in ('waiting', 'matched');--> statement-breakpoint
CREATE INDEX "resale_waits_presale_idx" ON "resale_waits" USING btree ("presale_id","status");--> statement-breakpoint
CREATE INDEX "live_streams_site_idx" ON "live_streams" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "chat_messages_member_idx" ON "chat_messages" USING btree ("item_id","uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_once" ON "chat_reports" USING btree ("item_id","seq","uid");--> statement-breakpoint
CREATE INDEX "chat_reports_open_idx" ON "chat_reports" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "support_messages_thread_idx" ON "support_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "support_threads_site_idx" ON "support_threads" USING btree ("site_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_threads_member_idx" ON "support_threads" USING btree ("member_id","last_message_at");--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_resale_match_id_resale_matches_id_fk" FOREIGN KEY ("resale_match_id") REFERENCES "public"."resale_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_payments_one_per_resale_match" ON "one_off_payments" USING btree ("resale_match_id") WHERE "one_off_payments"."status" in ('issuing', 'pending', 'paid');--> statement-breakpoint
ALTER TABLE "one_off_payments" ADD CONSTRAINT "one_off_payments_resale_match" CHECK ("one_off_payments"."purpose" <> 'resale' or "one_off_payments"."resale_match_id" is not null);--> statement-breakpoint
-- Hand-written backfill (issue 43): a subscription paid before paid_from existed began, as far as we know, when its
-- row was written. Konbini periods are read from one_off_payments (their own period_start), not from this column.
UPDATE "subscriptions" SET "paid_from" = "created_at"
WHERE "paid_from" IS NULL AND "status" NOT IN ('incomplete', 'incomplete_expired');
