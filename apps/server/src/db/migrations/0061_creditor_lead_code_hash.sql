-- Decision 100: a lead keeps only the SHA-256 (hex) of its sign-up link's code, and no longer the link itself.
UPDATE "creditor_leads" SET "codigo" = encode(sha256(convert_to("codigo", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "creditor_leads" DROP COLUMN "link_cadastro";
