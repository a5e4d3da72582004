CREATE TABLE "creditor_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"creditor_lead_id" integer,
	"partner_id" integer,
	"emp_nome_banco" text NOT NULL,
	"emp_nome" text NOT NULL,
	"usu_nome" text NOT NULL,
	"usu_email" text NOT NULL,
	"usu_login" text NOT NULL,
	"senha_hash" text NOT NULL,
	"plano_codigo" integer NOT NULL,
	"emp_usa_site" char(1) NOT NULL,
	"emp_numero_usuarios" integer NOT NULL,
	"emp_cobranca_prospeccao" text NOT NULL,
	"outbound_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creditor_companies_emp_nome_banco_unique" UNIQUE("emp_nome_banco"),
	CONSTRAINT "creditor_companies_usu_login_unique" UNIQUE("usu_login"),
	CONSTRAINT "creditor_companies_usa_site_check" CHECK ("creditor_companies"."emp_usa_site" in ('S', 'N'))
);
--> statement-breakpoint
CREATE TABLE "creditor_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"partner_id" integer,
	"razao_social" text NOT NULL,
	"cnpj" text NOT NULL,
	"nome_contato" text NOT NULL,
	"telefone_cel" text NOT NULL,
	"telefone_fixo" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"link_cadastro" text NOT NULL,
	"outbound_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creditor_leads_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"nome" text NOT NULL,
	"telefone" text NOT NULL,
	"email" text NOT NULL,
	"tipo_de_atuacao" text NOT NULL,
	"interesse" text NOT NULL,
	"mensagem" text DEFAULT '' NOT NULL,
	"curriculo_chave" text,
	"curriculo_bytes" integer,
	"consentido_em" timestamp with time zone NOT NULL,
	"outbound_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"protocolo" text NOT NULL,
	"nome" text NOT NULL,
	"telefone" text NOT NULL,
	"email" text NOT NULL,
	"tipo_requisicao" text NOT NULL,
	"solicitacao" text NOT NULL,
	"person_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"prazo" date NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"partner_message_id" integer,
	"person_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_protocolo_unique" UNIQUE("protocolo"),
	CONSTRAINT "privacy_requests_status_check" CHECK ("privacy_requests"."status" in ('open', 'in_progress', 'answered'))
);
--> statement-breakpoint
ALTER TABLE "creditor_companies" ADD CONSTRAINT "creditor_companies_creditor_lead_id_creditor_leads_id_fk" FOREIGN KEY ("creditor_lead_id") REFERENCES "public"."creditor_leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_companies" ADD CONSTRAINT "creditor_companies_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_companies" ADD CONSTRAINT "creditor_companies_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_leads" ADD CONSTRAINT "creditor_leads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_leads" ADD CONSTRAINT "creditor_leads_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_answered_by_staff_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_partner_message_id_outbound_messages_id_fk" FOREIGN KEY ("partner_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_person_message_id_outbound_messages_id_fk" FOREIGN KEY ("person_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creditor_leads_created" ON "creditor_leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_applications_partner_created" ON "job_applications" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_partner_created" ON "privacy_requests" USING btree ("partner_id","created_at");