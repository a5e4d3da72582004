CREATE TABLE "agreement_covered_instalments" (
	"aco_codigo" integer NOT NULL,
	"instalment_id" integer NOT NULL,
	CONSTRAINT "agreement_covered_instalments_aco_codigo_instalment_id_pk" PRIMARY KEY("aco_codigo","instalment_id")
);
--> statement-breakpoint
ALTER TABLE "agreement_covered_instalments" ADD CONSTRAINT "agreement_covered_instalments_aco_codigo_agreements_aco_codigo_fk" FOREIGN KEY ("aco_codigo") REFERENCES "public"."agreements"("aco_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_covered_instalments" ADD CONSTRAINT "agreement_covered_instalments_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Agreements made before this table: what was paid when they were made is not known any more, so they keep their
-- contracts' instalments, less the future entries their plan left out.
INSERT INTO "agreement_covered_instalments" ("aco_codigo", "instalment_id")
SELECT "ac"."aco_codigo", "i"."id"
FROM "agreement_contracts" AS "ac"
JOIN "agreements" AS "a" ON "a"."aco_codigo" = "ac"."aco_codigo"
JOIN "instalments" AS "i" ON "i"."contract_id" = "ac"."contract_id"
LEFT JOIN "pre_agreements" AS "p" ON "p"."pra_codigo" = "a"."pra_codigo"
WHERE NOT "i"."lancamento_futuro" OR coalesce("p"."valor_futuro_incluso", false);
