ALTER TABLE "members" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_documents" ADD COLUMN "version_published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_version_positive" CHECK ("site_documents"."version" >= 1);