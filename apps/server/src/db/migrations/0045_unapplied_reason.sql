ALTER TABLE "payment_events" ADD COLUMN "unapplied_reason" text;--> statement-breakpoint
-- Older unapplied money whose reason is told by what was stored (decision 064): a retorno's liquidation by the line's
-- outcome, and a PIX below its charge's value (the only way a PIX is kept short). The rest stays unknown.
UPDATE "payment_events" e SET "unapplied_reason" = CASE r."resultado" WHEN 'unapplied' THEN 'already_paid' ELSE r."resultado" END
FROM "retorno_results" r
WHERE e."tipo" = 'unapplied' AND e."causa" = 'cnab:' || r."cnab_file_id" || ':' || r."linha"
  AND r."resultado" IN ('underpaid', 'agreement_cancelled', 'unapplied');--> statement-breakpoint
UPDATE "payment_events" e SET "unapplied_reason" = 'underpaid'
FROM "payment_charges" c
WHERE e."tipo" = 'unapplied' AND e."causa" LIKE 'pix:%' AND c."id" = e."charge_id" AND e."valor" < c."valor";
