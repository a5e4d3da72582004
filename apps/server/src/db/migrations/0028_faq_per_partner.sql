ALTER TABLE "faq_items" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_items_partner" ON "faq_items" USING btree ("partner_id");