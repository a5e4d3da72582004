DROP INDEX "second_copies_instalment_due_value";--> statement-breakpoint
ALTER TABLE "second_copies" ADD COLUMN "emissao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "second_copies_instalment_due_value_issue" ON "second_copies" USING btree ("instalment_id","vencimento","valor","emissao");