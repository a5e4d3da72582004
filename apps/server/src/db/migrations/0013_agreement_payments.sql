CREATE TABLE "agreement_instalments" (
	"aci_codigo" serial PRIMARY KEY NOT NULL,
	"aco_codigo" integer NOT NULL,
	"numero" integer NOT NULL,
	"vencimento" date NOT NULL,
	"valor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"chave" text NOT NULL,
	"acao" text NOT NULL,
	"request_hash" text NOT NULL,
	"resposta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_partner_id_person_id_chave_pk" PRIMARY KEY("partner_id","person_id","chave")
);
--> statement-breakpoint
CREATE TABLE "our_number_sequences" (
	"banco" text NOT NULL,
	"convenio" text NOT NULL,
	"ultimo" bigint NOT NULL,
	CONSTRAINT "our_number_sequences_banco_convenio_pk" PRIMARY KEY("banco","convenio")
);
--> statement-breakpoint
CREATE TABLE "payment_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"aci_codigo" integer NOT NULL,
	"store_id" integer NOT NULL,
	"provedor" text NOT NULL,
	"tipo" text NOT NULL,
	"emissao" integer DEFAULT 1 NOT NULL,
	"vencimento" date NOT NULL,
	"valor" bigint NOT NULL,
	"nosso_numero" text,
	"codigo_barras" text,
	"linha_digitavel" text,
	"txid" text,
	"pix_copia_cola" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"aci_codigo" integer NOT NULL,
	"charge_id" integer,
	"tipo" text NOT NULL,
	"valor" bigint,
	"data" date NOT NULL,
	"causa" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "provedor_pagamento" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "banco_codigo" text DEFAULT '001' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "banco_agencia" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "banco_conta" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "banco_carteira" text DEFAULT '17' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "beneficiario_nome" text;--> statement-breakpoint
ALTER TABLE "agreement_instalments" ADD CONSTRAINT "agreement_instalments_aco_codigo_agreements_aco_codigo_fk" FOREIGN KEY ("aco_codigo") REFERENCES "public"."agreements"("aco_codigo") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_aci_codigo_agreement_instalments_aci_codigo_fk" FOREIGN KEY ("aci_codigo") REFERENCES "public"."agreement_instalments"("aci_codigo") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_aci_codigo_agreement_instalments_aci_codigo_fk" FOREIGN KEY ("aci_codigo") REFERENCES "public"."agreement_instalments"("aci_codigo") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_instalments_number" ON "agreement_instalments" USING btree ("aco_codigo","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_instalment_kind_issue" ON "payment_charges" USING btree ("aci_codigo","tipo","emissao");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_txid" ON "payment_charges" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "payment_events_instalment" ON "payment_events" USING btree ("aci_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_one_payment" ON "payment_events" USING btree ("aci_codigo") WHERE "payment_events"."tipo" in ('paid', 'settled');
--> statement-breakpoint
-- Second copies numbered their boletos by their row id until now: the convênio's sequence continues after them.
INSERT INTO "our_number_sequences" ("banco", "convenio", "ultimo")
SELECT '001', s."boleto_convenio", max(sc."id") FROM "second_copies" sc JOIN "stores" s ON s."id" = sc."store_id"
WHERE s."boleto_convenio" IS NOT NULL GROUP BY s."boleto_convenio";
