-- One debt, one agreement (issue 14, decision 013). Agreements reference their contracts through agreement_contracts;
-- the agreement's status rides along through a foreign key with ON UPDATE CASCADE, so that a partial unique index
-- keeps a contract under at most one active agreement, through any partner and under any interleaving of requests.
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_id_status" UNIQUE("aco_codigo","status");
--> statement-breakpoint
CREATE TABLE "agreement_contracts" (
	"aco_codigo" integer NOT NULL,
	"agreement_status" text DEFAULT 'active' NOT NULL,
	"contract_id" integer NOT NULL,
	CONSTRAINT "agreement_contracts_aco_codigo_contract_id_pk" PRIMARY KEY("aco_codigo","contract_id")
);
--> statement-breakpoint
ALTER TABLE "agreement_contracts" ADD CONSTRAINT "agreement_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_contracts" ADD CONSTRAINT "agreement_contracts_agreement_fk" FOREIGN KEY ("aco_codigo","agreement_status") REFERENCES "public"."agreements"("aco_codigo","status") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The debt listing reads this table (debt-snapshot.ts, decision 012): a write to it raises the version of the
-- agreement's person, like a write to agreements (migration 0008).
CREATE FUNCTION "debts_changed_for_agreement_contract_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "debts_version" = "debts_version" + 1
	WHERE "id" IN (
		SELECT "person_id" FROM "agreements" WHERE "aco_codigo" IN (SELECT "aco_codigo" FROM "changed_rows")
	);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agreement_contracts_inserted" AFTER INSERT ON "agreement_contracts" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_contracts_updated_to" AFTER UPDATE ON "agreement_contracts" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_contracts_updated_from" AFTER UPDATE ON "agreement_contracts" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_contracts_deleted" AFTER DELETE ON "agreement_contracts" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_contracts_truncated" AFTER TRUNCATE ON "agreement_contracts"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
-- Agreements the race of issue 14 let through twice over a contract: the oldest stays active, the later ones are
-- cancelled (their rows and terms are kept), so that the unique index below can hold.
UPDATE "agreements" SET "status" = 'cancelled'
WHERE "aco_codigo" IN (
	SELECT "later"."aco_codigo"
	FROM "agreements" "later"
	CROSS JOIN LATERAL jsonb_array_elements_text("later"."contract_ids") AS "later_contract"("id")
	JOIN "agreements" "earlier" ON "earlier"."status" = 'active' AND "earlier"."aco_codigo" < "later"."aco_codigo"
		AND "earlier"."contract_ids" @> to_jsonb("later_contract"."id"::integer)
	WHERE "later"."status" = 'active'
);
--> statement-breakpoint
INSERT INTO "agreement_contracts" ("aco_codigo", "agreement_status", "contract_id")
SELECT DISTINCT "agreements"."aco_codigo", "agreements"."status", "covered"."id"::integer
FROM "agreements" CROSS JOIN LATERAL jsonb_array_elements_text("agreements"."contract_ids") AS "covered"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_contracts_one_active" ON "agreement_contracts" USING btree ("contract_id") WHERE "agreement_contracts"."agreement_status" = 'active';--> statement-breakpoint
ALTER TABLE "agreements" DROP COLUMN "contract_ids";
