-- Issue 17: PIX payments a PSP reported that match no charge of the store (or cannot be read), kept for staff.
CREATE TABLE "unmatched_pix_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"end_to_end_id" text,
	"txid" text,
	"valor" bigint,
	"horario" timestamp with time zone,
	"motivo" text NOT NULL,
	"item" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unmatched_pix_payments" ADD CONSTRAINT "unmatched_pix_payments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_pix_payments_e2e" ON "unmatched_pix_payments" USING btree ("store_id","end_to_end_id") WHERE "unmatched_pix_payments"."end_to_end_id" is not null;