ALTER TABLE "pre_agreements" ADD COLUMN "debt_epoch" bigint DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pre_agreements" ADD COLUMN "debts_fingerprint" text DEFAULT '' NOT NULL;