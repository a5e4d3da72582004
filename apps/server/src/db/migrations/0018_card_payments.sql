CREATE TABLE "card_payment_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_payment_id" integer NOT NULL,
	"estado" text NOT NULL,
	"gateway_order_id" text,
	"gateway_charge_id" text NOT NULL,
	"codigo_autorizacao" text,
	"causa" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"aco_codigo" integer NOT NULL,
	"gateway" text NOT NULL,
	"referencia" text NOT NULL,
	"valor" bigint NOT NULL,
	"parcelas" integer NOT NULL,
	"bandeira" text NOT NULL,
	"ultimos_digitos" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_payment_outcomes" ADD CONSTRAINT "card_payment_outcomes_card_payment_id_card_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."card_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_aco_codigo_agreements_aco_codigo_fk" FOREIGN KEY ("aco_codigo") REFERENCES "public"."agreements"("aco_codigo") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_outcomes_one" ON "card_payment_outcomes" USING btree ("card_payment_id");--> statement-breakpoint
CREATE INDEX "card_payment_outcomes_charge" ON "card_payment_outcomes" USING btree ("gateway_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_agreement" ON "card_payments" USING btree ("aco_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_reference" ON "card_payments" USING btree ("referencia");