ALTER TABLE "payment_disputes" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "handled_note" text;