CREATE TABLE "second_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"instalment_id" integer NOT NULL,
	"vencimento" date NOT NULL,
	"valor" bigint NOT NULL,
	"nosso_numero" text NOT NULL,
	"codigo_barras" text NOT NULL,
	"linha_digitavel" text NOT NULL,
	"pix_copia_cola" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "boleto_convenio" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "chave_pix" text;--> statement-breakpoint
ALTER TABLE "second_copies" ADD CONSTRAINT "second_copies_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_copies" ADD CONSTRAINT "second_copies_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_copies" ADD CONSTRAINT "second_copies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_copies" ADD CONSTRAINT "second_copies_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_copies_instalment_due_value" ON "second_copies" USING btree ("instalment_id","vencimento","valor");