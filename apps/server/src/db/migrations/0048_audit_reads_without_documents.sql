-- A read's audit row kept the CPF/CNPJ a staff search sent (`?cpf_cnpj=...` in `entity_id`). Rows written before now
-- name the person the same way new ones do, by their id (`pessoa=12`, or `pessoa=nenhuma` when nobody has it), never
-- by the typed text (decision 070). The document is normalised as the route did (dots, slashes, hyphens and spaces,
-- also URL-escaped, dropped; upper case). The append-only trigger is off inside the migration's transaction only, as
-- in migration 0043; each pass rewrites a row's first search, until none is left.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_or_delete";--> statement-breakpoint
DO $$
BEGIN
  LOOP
    UPDATE "audit_log" SET "entity_id" = regexp_replace("entity_id", '([?&])cpf_cnpj=[^&]*', '\1pessoa=' || coalesce((
      SELECT p."id"::text FROM "persons" p
      WHERE p."cpf_cnpj" = upper(regexp_replace(substring("audit_log"."entity_id" FROM '[?&]cpf_cnpj=([^&]*)'),
        '%2[0DdEeFf]|\+|[./\s-]', '', 'g'))
      LIMIT 1), 'nenhuma'))
    WHERE "action" = 'read' AND "entity_id" ~ '[?&]cpf_cnpj=';
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_or_delete";
