CREATE TABLE "work_item_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"origem" text NOT NULL,
	"item_id" integer NOT NULL,
	"acao" text NOT NULL,
	"status" text NOT NULL,
	"responsavel_id" integer,
	"staff_user_id" integer NOT NULL,
	"username" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "responsavel_id" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "resposta" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "resposta_mensagem_id" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "responsavel_id" integer;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "resposta" text;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "resposta_mensagem_id" integer;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "contra_entrada" bigint;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "contra_quantidade_parcelas" integer;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "contra_valor_parcela" bigint;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "responsavel_id" integer;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "resposta" text;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "resposta_mensagem_id" integer;--> statement-breakpoint
CREATE INDEX "work_item_events_item" ON "work_item_events" USING btree ("origem","item_id","at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_responsavel_id_staff_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_resposta_mensagem_id_outbound_messages_id_fk" FOREIGN KEY ("resposta_mensagem_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_answered_by_staff_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_responsavel_id_staff_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_resposta_mensagem_id_outbound_messages_id_fk" FOREIGN KEY ("resposta_mensagem_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_answered_by_staff_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_responsavel_id_staff_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_resposta_mensagem_id_outbound_messages_id_fk" FOREIGN KEY ("resposta_mensagem_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debtor_requests_counter_offers" ON "debtor_requests" USING btree ("person_id") WHERE "debtor_requests"."contra_quantidade_parcelas" is not null;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('open', 'in_progress', 'answered'));--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_status_check" CHECK ("debtor_requests"."status" in ('open', 'in_progress', 'answered'));