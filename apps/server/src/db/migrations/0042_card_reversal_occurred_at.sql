ALTER TABLE "card_payment_reversals" ADD COLUMN "occurred_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Reversals recorded before the gateway's moment was kept: the recording moment is the best known (decision 056).
UPDATE "card_payment_reversals" SET "occurred_at" = "recorded_at";
