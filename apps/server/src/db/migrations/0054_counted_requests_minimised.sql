DROP INDEX "debtor_requests_answered";--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "nome" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "cpf_cnpj" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "texto" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "debtor_requests" ALTER COLUMN "person_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_requests" ALTER COLUMN "protocolo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_requests" ALTER COLUMN "nome" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_requests" ALTER COLUMN "telefone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_requests" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_requests" ALTER COLUMN "tipo_requisicao" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_requests" ALTER COLUMN "solicitacao" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "minimised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD COLUMN "minimised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "minimised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "debtor_requests_answered" ON "debtor_requests" USING btree ("tipo","answered_at","id") WHERE "debtor_requests"."status" = 'answered' and "debtor_requests"."minimised_at" is null;