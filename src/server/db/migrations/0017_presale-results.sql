CREATE TABLE "presale_results" (
	"presale_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presale_results_presale_id_member_id_pk" PRIMARY KEY("presale_id","member_id"),
	CONSTRAINT "presale_results_application_key" UNIQUE("application_id")
);
--> statement-breakpoint
ALTER TABLE "presale_results" ADD CONSTRAINT "presale_results_presale_id_presales_id_fk" FOREIGN KEY ("presale_id") REFERENCES "public"."presales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_results" ADD CONSTRAINT "presale_results_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_results" ADD CONSTRAINT "presale_results_application_id_presale_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."presale_applications"("id") ON DELETE cascade ON UPDATE no action;