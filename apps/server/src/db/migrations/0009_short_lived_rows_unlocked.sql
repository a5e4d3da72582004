ALTER TABLE "debtor_sessions" DROP CONSTRAINT "debtor_sessions_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP CONSTRAINT "pre_agreements_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "pre_agreements" DROP CONSTRAINT "pre_agreements_store_id_stores_id_fk";
