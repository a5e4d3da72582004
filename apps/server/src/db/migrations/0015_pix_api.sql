CREATE TABLE "psp_local_cobv" (
	"txid" text PRIMARY KEY NOT NULL,
	"loc_id" text NOT NULL,
	"status" text NOT NULL,
	"cobranca" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_local_webhooks" (
	"chave" text PRIMARY KEY NOT NULL,
	"webhook_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pix_api" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "psp_local_cobv_loc" ON "psp_local_cobv" USING btree ("loc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_pix_cause" ON "payment_events" USING btree ("causa") WHERE "payment_events"."causa" like 'pix:%';