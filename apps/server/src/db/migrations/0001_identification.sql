CREATE TABLE "captcha_uses" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debtor_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "person_registrations" (
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_registrations_partner_id_person_id_pk" PRIMARY KEY("partner_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "phone_change_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"phone" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "captcha_provider" text DEFAULT 'altcha' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "captcha_site_key" text;--> statement-breakpoint
ALTER TABLE "debtor_sessions" ADD CONSTRAINT "debtor_sessions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debtor_sessions" ADD CONSTRAINT "debtor_sessions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_registrations" ADD CONSTRAINT "person_registrations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_registrations" ADD CONSTRAINT "person_registrations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_change_links" ADD CONSTRAINT "phone_change_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_change_links" ADD CONSTRAINT "phone_change_links_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_tokens" ADD CONSTRAINT "sms_tokens_session_hash_debtor_sessions_token_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."debtor_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debtor_sessions_person" ON "debtor_sessions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "sms_tokens_session" ON "sms_tokens" USING btree ("session_hash");