-- Written by hand around drizzle-kit's statements (decision 0058): a cancelled application without its time gets
-- the time of its last change, so that the check below holds for rows written before it.
UPDATE "presale_applications" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled' AND "cancelled_at" IS NULL;--> statement-breakpoint
UPDATE "presale_applications" SET "cancelled_at" = NULL WHERE "status" <> 'cancelled' AND "cancelled_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "presale_applications_one_per_member";--> statement-breakpoint
CREATE UNIQUE INDEX "presale_applications_one_per_member" ON "presale_applications" USING btree ("presale_id","member_id") WHERE "presale_applications"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD CONSTRAINT "presale_applications_cancelled_check" CHECK (("presale_applications"."status" = 'cancelled') = ("presale_applications"."cancelled_at" is not null));--> statement-breakpoint
-- Half of each page left free when rows are written (drizzle-kit has no table option for it): the draw's, the
-- payments' and the tickets' changes of an application then fit on its own page.
ALTER TABLE "presale_applications" SET (fillfactor = 50);
