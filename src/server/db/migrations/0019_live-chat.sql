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
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_restrictions" ADD CONSTRAINT "chat_restrictions_item_id_chat_rooms_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."chat_rooms"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_member_idx" ON "chat_messages" USING btree ("item_id","uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_once" ON "chat_reports" USING btree ("item_id","seq","uid");--> statement-breakpoint
CREATE INDEX "chat_reports_open_idx" ON "chat_reports" USING btree ("item_id");