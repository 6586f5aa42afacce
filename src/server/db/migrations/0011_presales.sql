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
CREATE UNIQUE INDEX "presale_applications_one_per_member" ON "presale_applications" USING btree ("presale_id","member_id") WHERE "presale_applications"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "presale_participants_application_idx" ON "presale_participants" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "presales_site_idx" ON "presales" USING btree ("site_id");