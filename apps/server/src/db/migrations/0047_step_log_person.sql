ALTER TABLE "step_logs" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "step_logs" ADD CONSTRAINT "step_logs_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_logs_person" ON "step_logs" USING btree ("person_id","partner_id");--> statement-breakpoint
-- Outbox rows queued before migration 0040 named nobody. Those a row of the person links to are theirs for sure
-- (decision 069): the answer to their debtor request or to their identified privacy request, and the confirmation of
-- their erasure. Nothing else is backfilled: an address or a CPF/CNPJ typed says nothing of whose a row was
-- (decisions 052, 054).
UPDATE "outbound_messages" SET "person_id" = r."person_id"
FROM "debtor_requests" r
WHERE r."resposta_mensagem_id" = "outbound_messages"."id" AND "outbound_messages"."person_id" IS NULL;--> statement-breakpoint
UPDATE "outbound_messages" SET "person_id" = r."person_id"
FROM "privacy_requests" r
WHERE r."person_id" IS NOT NULL AND "outbound_messages"."person_id" IS NULL
  AND "outbound_messages"."id" IN (r."resposta_mensagem_id", r."person_message_id");
