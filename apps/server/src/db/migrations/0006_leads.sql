CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"fone" text DEFAULT '' NOT NULL,
	"celular" text NOT NULL,
	"loja" text NOT NULL,
	"cidade" text NOT NULL,
	"cpf_cnpj" text NOT NULL,
	"obs" text DEFAULT '' NOT NULL,
	"valor_centavos" integer NOT NULL,
	"forma_pagamento" char(1) NOT NULL,
	"valor_pode_pagar_centavos" integer NOT NULL,
	"outbound_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_forma_pagamento_check" CHECK ("leads"."forma_pagamento" in ('A', 'P'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");