CREATE TABLE "draw_log" (
	"site_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"presale_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"prev" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "draw_log_site_id_seq_pk" PRIMARY KEY("site_id","seq"),
	CONSTRAINT "draw_log_seq_check" CHECK ("draw_log"."seq" >= 1)
);
--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "beacon_source" text;--> statement-breakpoint
-- Presales set up before the beacon was fixed at setup: the beacon they drew with, the drand round fixed at their
-- close, or else a local beacon (which only the demo may still draw: the freeze checks it).
UPDATE "presales" SET "beacon_source" = CASE
	WHEN "beacon" IS NOT NULL THEN "beacon"->>'source'
	WHEN "beacon_round" IS NOT NULL THEN 'drand'
	ELSE 'local' END;--> statement-breakpoint
ALTER TABLE "presales" ALTER COLUMN "beacon_source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "presales" ADD COLUMN "record_file" text;--> statement-breakpoint
-- A record drawn before: its bytes from now on are the ones served (no draw log entry was made for it).
UPDATE "presales" SET "record_file" = "record"::text WHERE "record" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "draw_log" ADD CONSTRAINT "draw_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_log_presale_idx" ON "draw_log" USING btree ("presale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_log_once_per_presale" ON "draw_log" USING btree ("presale_id","kind") WHERE "draw_log"."kind" <> 'round';--> statement-breakpoint
ALTER TABLE "presales" DROP COLUMN "record";