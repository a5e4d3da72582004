ALTER TABLE "contact_messages" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_person" ON "contact_messages" USING btree ("person_id","partner_id");--> statement-breakpoint
CREATE INDEX "leads_person" ON "leads" USING btree ("person_id","partner_id");