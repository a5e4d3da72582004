CREATE TABLE "card_payment_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_payment_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"gateway_charge_id" text NOT NULL,
	"causa" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_payment_reversals" ADD CONSTRAINT "card_payment_reversals_card_payment_id_card_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."card_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_reversals_one" ON "card_payment_reversals" USING btree ("card_payment_id");