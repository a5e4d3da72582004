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
-- Statement-level triggers with transition tables, so a bulk import raises each person once per statement.
CREATE FUNCTION "debts_changed_for_contract_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "debts_version" = "debts_version" + 1
	WHERE "id" IN (SELECT "person_id" FROM "changed_rows");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "debts_changed_for_instalment_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "debts_version" = "debts_version" + 1
	WHERE "id" IN (
		SELECT "contracts"."person_id" FROM "contracts"
		WHERE "contracts"."id" IN (SELECT "contract_id" FROM "changed_rows")
	);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "debts_changed_for_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "debt_view_epoch" SET "epoch" = "epoch" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contracts_inserted" AFTER INSERT ON "contracts" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "contracts_updated_to" AFTER UPDATE ON "contracts" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "contracts_updated_from" AFTER UPDATE ON "contracts" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "contracts_deleted" AFTER DELETE ON "contracts" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreements_inserted" AFTER INSERT ON "agreements" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreements_updated" AFTER UPDATE ON "agreements" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "agreements_deleted" AFTER DELETE ON "agreements" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_contract_rows"();
--> statement-breakpoint
CREATE TRIGGER "instalments_inserted" AFTER INSERT ON "instalments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "instalments_updated_to" AFTER UPDATE ON "instalments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "instalments_updated_from" AFTER UPDATE ON "instalments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "instalments_deleted" AFTER DELETE ON "instalments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_instalment_rows"();
--> statement-breakpoint
CREATE TRIGGER "stores_changed" AFTER INSERT OR UPDATE OR DELETE ON "stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "partner_stores_changed" AFTER INSERT OR UPDATE OR DELETE ON "partner_stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "debts_changed_for_everyone"();
