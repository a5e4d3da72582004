-- A link could sign up more than one company before this index: the first company keeps the lead, later ones lose it.
UPDATE "creditor_companies" AS "later" SET "creditor_lead_id" = NULL
WHERE "later"."creditor_lead_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "creditor_companies" AS "earlier"
    WHERE "earlier"."creditor_lead_id" = "later"."creditor_lead_id" AND "earlier"."id" < "later"."id"
  );--> statement-breakpoint
CREATE UNIQUE INDEX "creditor_companies_one_per_lead" ON "creditor_companies" USING btree ("creditor_lead_id");
