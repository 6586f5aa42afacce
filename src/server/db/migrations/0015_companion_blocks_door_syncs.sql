CREATE TABLE "companion_blocks" (
	"site_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"blocked_member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companion_blocks_member_id_blocked_member_id_pk" PRIMARY KEY("member_id","blocked_member_id")
);
--> statement-breakpoint
CREATE TABLE "door_syncs" (
	"session_hash" text NOT NULL,
	"performance_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "door_syncs_session_hash_performance_id_pk" PRIMARY KEY("session_hash","performance_id")
);
--> statement-breakpoint
ALTER TABLE "companion_blocks" ADD CONSTRAINT "companion_blocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_blocks" ADD CONSTRAINT "companion_blocks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_blocks" ADD CONSTRAINT "companion_blocks_blocked_member_id_members_id_fk" FOREIGN KEY ("blocked_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_syncs" ADD CONSTRAINT "door_syncs_session_hash_sessions_id_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_syncs" ADD CONSTRAINT "door_syncs_performance_id_presale_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."presale_performances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_syncs" ADD CONSTRAINT "door_syncs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;