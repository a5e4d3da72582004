-- An instalment paid by its second copy is no longer owed (decision 045): the debt listing reads the copies and their
-- payments, so a payment raises the version of the copy's person (migration 0008's rule), and a plan keeps the version
-- it was quoted at, which passo_4_novo compares. Plans quoted before this migration take -1: they are refused
-- ('Esta simulação expirou'), as an expired one; they lived minutes anyway.
ALTER TABLE "pre_agreements" ADD COLUMN "debts_version" bigint DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pre_agreements" ALTER COLUMN "debts_version" DROP DEFAULT;--> statement-breakpoint
CREATE FUNCTION "debts_changed_for_second_copy_payment_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "debts_version" = "debts_version" + 1
	WHERE "id" IN (
		SELECT "person_id" FROM "second_copies" WHERE "id" IN (SELECT "second_copy_id" FROM "changed_rows")
	);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "second_copy_payments_inserted" AFTER INSERT ON "second_copy_payments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_payments_updated_to" AFTER UPDATE ON "second_copy_payments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_payments_updated_from" AFTER UPDATE ON "second_copy_payments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_payments_deleted" AFTER DELETE ON "second_copy_payments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_payments_truncated" AFTER TRUNCATE ON "second_copy_payments"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
-- A copy changes what is owed only through its payments: issuing one (an INSERT, every day an overdue instalment is
-- asked for) leaves the person's listing cached. A changed or removed copy (its value, its instalment) raises the
-- version of its person, the column the agreements' function reads.
CREATE TRIGGER "second_copies_updated_to" AFTER UPDATE ON "second_copies" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copies_updated_from" AFTER UPDATE ON "second_copies" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copies_deleted" AFTER DELETE ON "second_copies" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copies_truncated" AFTER TRUNCATE ON "second_copies"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
