CREATE TABLE "unapplied_money_resolutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_event_id" integer NOT NULL,
	"resolucao" text NOT NULL,
	"motivo" text NOT NULL,
	"staff_user_id" integer NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unapplied_money_resolutions" ADD CONSTRAINT "unapplied_money_resolutions_payment_event_id_payment_events_id_fk" FOREIGN KEY ("payment_event_id") REFERENCES "public"."payment_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_money_resolutions" ADD CONSTRAINT "unapplied_money_resolutions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unapplied_money_resolutions_event" ON "unapplied_money_resolutions" USING btree ("payment_event_id");