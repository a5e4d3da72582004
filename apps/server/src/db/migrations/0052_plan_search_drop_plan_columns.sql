DROP INDEX "pre_agreements_session";--> statement-breakpoint
CREATE INDEX "pre_agreements_person" ON "pre_agreements" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP COLUMN "pra_quantidade";--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP COLUMN "pra_valor_entrada";--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP COLUMN "pra_valor_parcela";--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP COLUMN "valor_total_acordo";--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP COLUMN "valor_futuro_incluso";--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP COLUMN "valor_futuro_total";