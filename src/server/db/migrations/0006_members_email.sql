ALTER TABLE "members" ADD COLUMN "email" text;--> statement-breakpoint
-- Members who signed up before this column: the e-mail of their newest session, when one is still kept.
UPDATE "members" AS m SET "email" = s."email"
FROM (
  SELECT DISTINCT ON ("site_id", "uid") "site_id", "uid", "email"
  FROM "sessions" WHERE "email" IS NOT NULL
  ORDER BY "site_id", "uid", "created_at" DESC
) AS s
WHERE m."site_id" = s."site_id" AND m."uid" = s."uid" AND m."email" IS NULL;
