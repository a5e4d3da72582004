ALTER TABLE "stores" ALTER COLUMN "politica_negociacao" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "politica_negociacao" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "desativada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "desativada_por" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_desativada_por_staff_users_id_fk" FOREIGN KEY ("desativada_por") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decision 027: null now means "no policy set by staff", which offers no discount. A store already here was offered
-- the former defaults (10% off principal and 100% off charges in cash, 50% off charges in instalments): it keeps
-- them, written out, so nothing a debtor is offered changes without a staff decision, and staff see them in the form.
WITH "former" ("terms") AS (SELECT '{"lateFineBp":200,"lateInterestMonthlyBp":100,"cashDiscount":{"feesBp":10000,"principalBp":1000},"instalmentDiscount":{"feesBp":5000,"principalBp":0},"maxInstalments":12,"instalmentInterestMonthlyBp":199,"minInstalmentCents":5000,"minEntryCents":5000}'::jsonb)
UPDATE "stores" SET "politica_negociacao" = ("former"."terms" || ("stores"."politica_negociacao" - 'maxEntryDays')) || jsonb_build_object(
	'cashDiscount', ("former"."terms" -> 'cashDiscount') || coalesce("stores"."politica_negociacao" -> 'cashDiscount', '{}'::jsonb),
	'instalmentDiscount', ("former"."terms" -> 'instalmentDiscount') || coalesce("stores"."politica_negociacao" -> 'instalmentDiscount', '{}'::jsonb))
FROM "former";
