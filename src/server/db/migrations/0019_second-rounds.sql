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
ALTER TABLE "presale_applications" ADD COLUMN "second_chance_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "second_chance_round_id" uuid;--> statement-breakpoint
ALTER TABLE "draw_rounds" ADD CONSTRAINT "draw_rounds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_rounds" ADD CONSTRAINT "draw_rounds_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_released_seats" ADD CONSTRAINT "presale_released_seats_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_released_seats" ADD CONSTRAINT "presale_released_seats_offering_id_presale_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."presale_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presale_released_seats_presale_idx" ON "presale_released_seats" USING btree ("presale_id");