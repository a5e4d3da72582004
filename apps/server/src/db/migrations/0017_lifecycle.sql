-- Issue 17 item 5: agreement status events (settled, broken), the scheduled jobs' runs, the store's tolerance before an
-- agreement whose entry is unpaid is broken, one 'overdue' payment event per instalment, and the contracts settled
-- agreements discharged (the debts list leaves them out).
CREATE TABLE "agreement_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"aco_codigo" integer NOT NULL,
	"de" text NOT NULL,
	"para" text NOT NULL,
	"causa" text NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"nome" text PRIMARY KEY NOT NULL,
	"ultima_execucao" timestamp with time zone,
	"ultima_data" date
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "tolerancia_quebra_dias" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_status_events" ADD CONSTRAINT "agreement_status_events_aco_codigo_agreements_aco_codigo_fk" FOREIGN KEY ("aco_codigo") REFERENCES "public"."agreements"("aco_codigo") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_status_events_agreement" ON "agreement_status_events" USING btree ("aco_codigo");--> statement-breakpoint
CREATE INDEX "agreement_contracts_settled" ON "agreement_contracts" USING btree ("contract_id") WHERE "agreement_contracts"."agreement_status" = 'settled';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_one_overdue" ON "payment_events" USING btree ("aci_codigo") WHERE "payment_events"."tipo" = 'overdue';