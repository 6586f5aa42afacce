CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"every_ms" integer NOT NULL,
	"timeout_ms" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"run_id" uuid,
	"holder" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure" text,
	"failures" integer DEFAULT 0 NOT NULL
);
