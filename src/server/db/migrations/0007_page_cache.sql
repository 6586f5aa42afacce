CREATE TABLE "page_cache_generations" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_cache_generations" ADD CONSTRAINT "page_cache_generations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;