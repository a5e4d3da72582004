ALTER TABLE "persons" ADD COLUMN "dados_autodeclarados" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- People a first access created whom no creditor's file has named yet (decision 098): their data are still theirs alone.
UPDATE "persons" SET "dados_autodeclarados" = true
  WHERE NOT EXISTS (SELECT 1 FROM "contracts" c WHERE c."person_id" = "persons"."id")
    AND EXISTS (SELECT 1 FROM "person_registrations" r WHERE r."person_id" = "persons"."id");
