-- Decision 076: a search's plans in one row. Rows of earlier searches hold one plan each; a used one was its plan 0.
ALTER TABLE "pre_agreements" ADD COLUMN "planos" jsonb;--> statement-breakpoint
ALTER TABLE "pre_agreements" ADD COLUMN "plano_usado" integer;--> statement-breakpoint
UPDATE "pre_agreements" SET "planos" = jsonb_build_array(jsonb_build_array("pra_quantidade", "pra_valor_entrada",
  "pra_valor_parcela", "valor_total_acordo", "valor_futuro_incluso", "valor_futuro_total")),
  "plano_usado" = CASE WHEN "used_at" IS NULL THEN NULL ELSE 0 END;--> statement-breakpoint
ALTER TABLE "pre_agreements" ALTER COLUMN "planos" SET NOT NULL;
