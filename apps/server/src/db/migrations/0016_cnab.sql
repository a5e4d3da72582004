CREATE TABLE "cnab_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer,
	"banco" text NOT NULL,
	"convenio" text NOT NULL,
	"tipo" text NOT NULL,
	"nsa" integer NOT NULL,
	"data" date NOT NULL,
	"nome_arquivo" text NOT NULL,
	"conteudo" text NOT NULL,
	"conteudo_sha256" text NOT NULL,
	"criado_por" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remessa_charges" (
	"charge_id" integer PRIMARY KEY NOT NULL,
	"cnab_file_id" integer NOT NULL,
	"linha" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retorno_results" (
	"cnab_file_id" integer NOT NULL,
	"linha" integer NOT NULL,
	"movimento" text NOT NULL,
	"nosso_numero" text NOT NULL,
	"charge_id" integer,
	"resultado" text NOT NULL,
	"motivos" text DEFAULT '' NOT NULL,
	"valor" bigint NOT NULL,
	"valor_pago" bigint NOT NULL,
	"data_ocorrencia" date,
	"data_credito" date,
	CONSTRAINT "retorno_results_cnab_file_id_linha_pk" PRIMARY KEY("cnab_file_id","linha")
);
--> statement-breakpoint
ALTER TABLE "cnab_files" ADD CONSTRAINT "cnab_files_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessa_charges" ADD CONSTRAINT "remessa_charges_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessa_charges" ADD CONSTRAINT "remessa_charges_cnab_file_id_cnab_files_id_fk" FOREIGN KEY ("cnab_file_id") REFERENCES "public"."cnab_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retorno_results" ADD CONSTRAINT "retorno_results_cnab_file_id_cnab_files_id_fk" FOREIGN KEY ("cnab_file_id") REFERENCES "public"."cnab_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retorno_results" ADD CONSTRAINT "retorno_results_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cnab_files_remessa_nsa" ON "cnab_files" USING btree ("banco","convenio","nsa") WHERE "cnab_files"."tipo" = 'remessa';--> statement-breakpoint
CREATE UNIQUE INDEX "cnab_files_content" ON "cnab_files" USING btree ("tipo","conteudo_sha256");--> statement-breakpoint
CREATE INDEX "remessa_charges_file" ON "remessa_charges" USING btree ("cnab_file_id");--> statement-breakpoint
CREATE INDEX "retorno_results_charge" ON "retorno_results" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "payment_charges_our_number" ON "payment_charges" USING btree ("nosso_numero");