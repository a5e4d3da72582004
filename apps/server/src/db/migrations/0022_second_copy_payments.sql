CREATE TABLE "second_copy_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"second_copy_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"data" date NOT NULL,
	"causa" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_copies" ADD COLUMN "txid" text;--> statement-breakpoint
ALTER TABLE "second_copy_payments" ADD CONSTRAINT "second_copy_payments_second_copy_id_second_copies_id_fk" FOREIGN KEY ("second_copy_id") REFERENCES "public"."second_copies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_copy_payments_cause" ON "second_copy_payments" USING btree ("causa");--> statement-breakpoint
CREATE INDEX "second_copy_payments_copy" ON "second_copy_payments" USING btree ("second_copy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_copy_payments_one_boleto" ON "second_copy_payments" USING btree ("second_copy_id") WHERE "second_copy_payments"."causa" like 'cnab:%';--> statement-breakpoint
CREATE UNIQUE INDEX "second_copies_txid" ON "second_copies" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "second_copies_our_number" ON "second_copies" USING btree ("nosso_numero");