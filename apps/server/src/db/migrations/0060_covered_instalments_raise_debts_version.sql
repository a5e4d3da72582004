-- The debt listing reads which instalments a settled agreement covered (decision 095): a write to this table raises
-- the version of the agreement's person, like a write to agreement_contracts (migration 0010, decision 012).
CREATE FUNCTION "debts_changed_for_covered_instalment_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "debts_version" = "debts_version" + 1
	WHERE "id" IN (
		SELECT "person_id" FROM "agreements" WHERE "aco_codigo" IN (SELECT "aco_codigo" FROM "changed_rows")
	);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_inserted" AFTER INSERT ON "agreement_covered_instalments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_covered_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_updated_to" AFTER UPDATE ON "agreement_covered_instalments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_covered_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_updated_from" AFTER UPDATE ON "agreement_covered_instalments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_covered_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_deleted" AFTER DELETE ON "agreement_covered_instalments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_covered_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_truncated" AFTER TRUNCATE ON "agreement_covered_instalments"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
