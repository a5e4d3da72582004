ALTER TABLE "creditor_leads" ALTER COLUMN "razao_social" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor_leads" ALTER COLUMN "nome_contato" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor_leads" ALTER COLUMN "telefone_cel" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor_leads" ALTER COLUMN "telefone_fixo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor_leads" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor_leads" ALTER COLUMN "website" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor_leads" ALTER COLUMN "link_cadastro" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor_leads" ADD COLUMN "partner_message_id" integer;--> statement-breakpoint
ALTER TABLE "creditor_leads" ADD COLUMN "minimised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creditor_leads" ADD CONSTRAINT "creditor_leads_partner_message_id_outbound_messages_id_fk" FOREIGN KEY ("partner_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The partner's notification of a lead stored before this migration: queued in the lead's transaction (so with its
-- created_at), for its partner, answering to its e-mail (decision 084).
UPDATE "creditor_leads" SET "partner_message_id" = (
  SELECT "outbound_messages"."id" FROM "outbound_messages"
  WHERE "outbound_messages"."template" = 'creditor-lead'
    AND "outbound_messages"."partner_id" = "creditor_leads"."partner_id"
    AND "outbound_messages"."reply_to" = "creditor_leads"."email"
    AND "outbound_messages"."created_at" = "creditor_leads"."created_at"
  ORDER BY "outbound_messages"."id" LIMIT 1
);
