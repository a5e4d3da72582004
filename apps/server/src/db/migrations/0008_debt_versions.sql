CREATE TABLE "debt_view_epoch" (
	"id" smallint PRIMARY KEY NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "debts_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "debt_view_epoch" ("id", "epoch") VALUES (1, 0);
--> statement-breakpoint
-- The debt listing a server process keeps per person (debt-snapshot.ts) is current while persons.debts_version and
-- debt_view_epoch are unchanged: every write to what it is made of raises one of them, in the writing transaction.
-- A new agreement raises its person's version (a transition table of a few rows). Writes to contracts and
-- instalments (the portfolio import: a million rows in one statement) and to stores and their partner links raise
-- the epoch once per statement: a transition table of a whole import cost a third of its speed. The import sets
-- portal.debt_epoch_deferred and raises the epoch itself as its last statement, so that the epoch's row is not
-- locked (and partner edits kept waiting) for the whole import. TRUNCATE raises the epoch too.
CREATE FUNCTION "debts_changed_for_agreement_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "debts_version" = "debts_version" + 1
	WHERE "id" IN (SELECT "person_id" FROM "changed_rows");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "debts_changed_for_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('portal.debt_epoch_deferred', true) = 'on' THEN
		RETURN NULL;
	END IF;
	UPDATE "debt_view_epoch" SET "epoch" = "epoch" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agreements_inserted" AFTER INSERT ON "agreements" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreements_updated_to" AFTER UPDATE ON "agreements" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreements_updated_from" AFTER UPDATE ON "agreements" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreements_deleted" AFTER DELETE ON "agreements" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_agreement_rows"();
--> statement-breakpoint
CREATE TRIGGER "contracts_changed" AFTER INSERT OR UPDATE OR DELETE ON "contracts"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "instalments_changed" AFTER INSERT OR UPDATE OR DELETE ON "instalments"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "stores_changed" AFTER INSERT OR UPDATE OR DELETE ON "stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "partner_stores_changed" AFTER INSERT OR UPDATE OR DELETE ON "partner_stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "agreements_truncated" AFTER TRUNCATE ON "agreements"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "contracts_truncated" AFTER TRUNCATE ON "contracts"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "instalments_truncated" AFTER TRUNCATE ON "instalments"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "stores_truncated" AFTER TRUNCATE ON "stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "partner_stores_truncated" AFTER TRUNCATE ON "partner_stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
