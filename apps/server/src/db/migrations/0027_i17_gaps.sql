CREATE TABLE "second_copy_cancellations" (
	"second_copy_id" integer PRIMARY KEY NOT NULL,
	"causa" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_job_runs" ADD COLUMN "retomar_em" jsonb;--> statement-breakpoint
ALTER TABLE "second_copy_cancellations" ADD CONSTRAINT "second_copy_cancellations_second_copy_id_second_copies_id_fk" FOREIGN KEY ("second_copy_id") REFERENCES "public"."second_copies"("id") ON DELETE restrict ON UPDATE no action;