-- A copy ended short (decision 049) no longer counts its short money towards being paid (decision 061, endedShortMoney),
-- so the debt listing reads second_copy_cancellations: each write raises the version of the copy's person (migration
-- 0008's rule), as second_copy_payments' do (migration 0034), and a cached listing cannot keep the old figures.
CREATE TRIGGER "second_copy_cancellations_inserted" AFTER INSERT ON "second_copy_cancellations" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_cancellations_updated_to" AFTER UPDATE ON "second_copy_cancellations" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_cancellations_updated_from" AFTER UPDATE ON "second_copy_cancellations" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_cancellations_deleted" AFTER DELETE ON "second_copy_cancellations" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_second_copy_payment_rows"();
--> statement-breakpoint
CREATE TRIGGER "second_copy_cancellations_truncated" AFTER TRUNCATE ON "second_copy_cancellations"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
