CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"total_rows" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"issues" jsonb,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"seconds" real,
	"staff_user_id" integer NOT NULL,
	"username" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_started" ON "import_runs" USING btree ("started_at");