CREATE TABLE "agreements" (
	"aco_codigo" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pra_codigo" integer,
	"forma_pagamento" text NOT NULL,
	"quantidade_parcelas" integer NOT NULL,
	"valor_entrada" bigint NOT NULL,
	"valor_parcela" bigint NOT NULL,
	"valor_negociado" bigint NOT NULL,
	"primeiro_vencimento" date NOT NULL,
	"contract_ids" jsonb NOT NULL,
	"telefone" text,
	"email" text,
	"via_portal" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debtor_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text,
	"entrada" bigint,
	"quantidade_parcelas" integer,
	"valor_parcela" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_agreements" (
	"pra_codigo" serial PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"contract_ids" jsonb NOT NULL,
	"pagamento_avista_prazo" text NOT NULL,
	"metodo_pagamento" text NOT NULL,
	"bandeira_cartao" text,
	"forma_cartao" text,
	"pra_quantidade" integer NOT NULL,
	"pra_valor_entrada" bigint NOT NULL,
	"pra_valor_parcela" bigint NOT NULL,
	"valor_total_acordo" bigint NOT NULL,
	"pra_primeiro_vcto" date NOT NULL,
	"valor_futuro_incluso" boolean NOT NULL,
	"valor_futuro_total" bigint NOT NULL,
	"origem" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "instalments_contract";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "politica_negociacao" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "debtor_sessions" ADD COLUMN "canal_origem" text;--> statement-breakpoint
ALTER TABLE "debtor_sessions" ADD COLUMN "cod_assessoria" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_pra_codigo_pre_agreements_pra_codigo_fk" FOREIGN KEY ("pra_codigo") REFERENCES "public"."pre_agreements"("pra_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_agreements" ADD CONSTRAINT "pre_agreements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_agreements" ADD CONSTRAINT "pre_agreements_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_agreements" ADD CONSTRAINT "pre_agreements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_person_store" ON "agreements" USING btree ("person_id","store_id");--> statement-breakpoint
CREATE INDEX "debtor_requests_partner_kind" ON "debtor_requests" USING btree ("partner_id","tipo","created_at");--> statement-breakpoint
CREATE INDEX "pre_agreements_session" ON "pre_agreements" USING btree ("session_hash");--> statement-breakpoint
-- Databases seeded before this migration may hold repeated contract numbers within a store; keep them apart.
UPDATE "contracts" SET "con_contrato" = "con_contrato" || '-' || "id" WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "store_id", "con_contrato" ORDER BY "id") AS "n" FROM "contracts") AS "numbered" WHERE "n" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_store_number" ON "contracts" USING btree ("store_id","con_contrato");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_contract_number" ON "instalments" USING btree ("contract_id","par_prestacao");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_cpf_cnpj" ON "stores" USING btree ("loj_cpf_cnpj");