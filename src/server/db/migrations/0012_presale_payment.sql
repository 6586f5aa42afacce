ALTER TABLE "presale_applications" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presale_applications" ADD COLUMN "paid_at" timestamp with time zone;