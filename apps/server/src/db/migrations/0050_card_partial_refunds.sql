-- Decision 075: a reversal says the money it gave back; the rows before it were whole reversals (their card
-- payment's value). Several rows per payment, one per total given back.
DROP INDEX "card_payment_reversals_one";--> statement-breakpoint
ALTER TABLE "card_payment_reversals" ADD COLUMN "valor" bigint;--> statement-breakpoint
ALTER TABLE "card_payment_reversals" ADD COLUMN "valor_acumulado" bigint;--> statement-breakpoint
UPDATE "card_payment_reversals" r SET "valor" = p."valor", "valor_acumulado" = p."valor" FROM "card_payments" p WHERE p."id" = r."card_payment_id";--> statement-breakpoint
ALTER TABLE "card_payment_reversals" ALTER COLUMN "valor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payment_reversals" ALTER COLUMN "valor_acumulado" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_reversals_through" ON "card_payment_reversals" USING btree ("card_payment_id","valor_acumulado");
