CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"con_contrato" text NOT NULL,
	"con_observacao" text,
	"origem" text,
	"referencia" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"par_prestacao" integer NOT NULL,
	"par_vencimento" date NOT NULL,
	"par_valor" bigint NOT NULL,
	"par_saldo" bigint NOT NULL,
	"lancamento_futuro" boolean DEFAULT false NOT NULL,
	"pago" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"cpf_cnpj" text NOT NULL,
	"nome" text NOT NULL,
	"data_nascimento" date,
	"telefone" text,
	"email" text,
	"sexo" text,
	"cep" text,
	"endereco" text,
	"numero" text,
	"bairro" text,
	"cidade" text,
	"estado" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_cpf_cnpj_unique" UNIQUE("cpf_cnpj")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"extension" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"cpf_cnpj" text NOT NULL,
	"texto" text NOT NULL,
	"outbound_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"reply_to" text,
	"subject" text,
	"body_text" text NOT NULL,
	"body_html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"emp_codigo" integer,
	"cpf_cnpj" text,
	"esn_fk_ets_codigo" integer NOT NULL,
	"data_agendamento" date,
	"hora_agendamento" text,
	"motivo_agendamento" text,
	"erro" boolean DEFAULT false NOT NULL,
	"detalhes_erro" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_section_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"identificador" text NOT NULL,
	"tipo_imagem" text NOT NULL,
	"file_sha256" text NOT NULL,
	"nome" text DEFAULT '' NOT NULL,
	"posicao" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"nome" text NOT NULL,
	"campos" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_stores" (
	"partner_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"negocia" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"identificador" text NOT NULL,
	"nome" text NOT NULL,
	"emp_codigo" integer NOT NULL,
	"logo_file" text,
	"tipo_logo" text,
	"favicon_file" text,
	"estilo" jsonb NOT NULL,
	"pixel_meta" text,
	"hotjar_id" text,
	"creditor_access_url" text,
	"company_token" text,
	"capabilities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_identificador_unique" UNIQUE("identificador"),
	CONSTRAINT "partners_emp_codigo_unique" UNIQUE("emp_codigo")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"loj_fantasia" text NOT NULL,
	"loj_razao_social" text NOT NULL,
	"loj_cpf_cnpj" text NOT NULL,
	"logo_file" text,
	"prazo_maximo_entrada_site" integer DEFAULT 10 NOT NULL,
	"loj_emite_segunda_via" boolean DEFAULT false NOT NULL,
	"loj_cartao_de_credito_recorrente" boolean DEFAULT false NOT NULL,
	"loj_tipo_agrupamento_negociacao" text,
	"cidade" text,
	"estado" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_logs" ADD CONSTRAINT "step_logs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_section_files" ADD CONSTRAINT "partner_section_files_section_id_partner_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."partner_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_section_files" ADD CONSTRAINT "partner_section_files_file_sha256_files_sha256_fk" FOREIGN KEY ("file_sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sections" ADD CONSTRAINT "partner_sections_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_stores" ADD CONSTRAINT "partner_stores_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_stores" ADD CONSTRAINT "partner_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_logo_file_files_sha256_fk" FOREIGN KEY ("logo_file") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_favicon_file_files_sha256_fk" FOREIGN KEY ("favicon_file") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_logo_file_files_sha256_fk" FOREIGN KEY ("logo_file") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_person_store" ON "contracts" USING btree ("person_id","store_id");--> statement-breakpoint
CREATE INDEX "instalments_contract" ON "instalments" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "outbound_messages_due" ON "outbound_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "step_logs_partner_created" ON "step_logs" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sections_partner_name" ON "partner_sections" USING btree ("partner_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_stores_pk" ON "partner_stores" USING btree ("partner_id","store_id");