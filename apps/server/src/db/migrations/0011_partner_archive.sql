ALTER TABLE "person_registrations" DROP CONSTRAINT "person_registrations_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "phone_change_links" DROP CONSTRAINT "phone_change_links_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "job_applications" DROP CONSTRAINT "job_applications_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "step_logs" DROP CONSTRAINT "step_logs_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "agreements" DROP CONSTRAINT "agreements_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "debtor_requests" DROP CONSTRAINT "debtor_requests_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "privacy_requests" DROP CONSTRAINT "privacy_requests_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "second_copies" DROP CONSTRAINT "second_copies_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "person_registrations" ADD CONSTRAINT "person_registrations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_change_links" ADD CONSTRAINT "phone_change_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_logs" ADD CONSTRAINT "step_logs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_requests" ADD CONSTRAINT "debtor_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_archived_by_staff_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_copies" ADD CONSTRAINT "second_copies_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;