-- A copy's payment changes what the contract's owner owes, and the portfolio import may have moved that contract to
-- another person since the copy was issued (found in review of decision 045): the payment now raises the version of
-- the contract's current owner too, not only of the person the copy was issued to.
CREATE OR REPLACE FUNCTION "debts_changed_for_second_copy_payment_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "debts_version" = "debts_version" + 1
	WHERE "id" IN (
		SELECT "second_copies"."person_id" FROM "second_copies"
		WHERE "second_copies"."id" IN (SELECT "second_copy_id" FROM "changed_rows")
		UNION
		SELECT "contracts"."person_id" FROM "second_copies"
		JOIN "instalments" ON "instalments"."id" = "second_copies"."instalment_id"
		JOIN "contracts" ON "contracts"."id" = "instalments"."contract_id"
		WHERE "second_copies"."id" IN (SELECT "second_copy_id" FROM "changed_rows")
	);
	RETURN NULL;
END $$;
