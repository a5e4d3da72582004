-- The debt listing reads which instalments a settled agreement covered (decision 095): a write to this table raises
-- the version of the agreement's person, through migration 0010's function for agreement_contracts, which reads only
-- the changed rows' aco_codigo (decision 012).
CREATE TRIGGER "agreement_covered_instalments_inserted" AFTER INSERT ON "agreement_covered_instalments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_updated_to" AFTER UPDATE ON "agreement_covered_instalments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_updated_from" AFTER UPDATE ON "agreement_covered_instalments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_deleted" AFTER DELETE ON "agreement_covered_instalments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreement_covered_instalments_truncated" AFTER TRUNCATE ON "agreement_covered_instalments"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
