-- An answer's audit row kept what staff wrote (`after.resposta`), which outlived the item its retention or its
-- holder's erasure removed. Rows written before now keep the text's length in characters instead, as new ones do
-- (decision 062). The append-only trigger is off for this statement only: the ALTER is part of the migration's
-- transaction, so no other session ever writes or changes a row while it is off.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_or_delete";--> statement-breakpoint
UPDATE "audit_log"
SET "after" = ("after" - 'resposta') || jsonb_build_object('resposta_caracteres', char_length("after" ->> 'resposta'))
WHERE "action" = 'answer' AND jsonb_typeof("after" -> 'resposta') = 'string';--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_or_delete";
