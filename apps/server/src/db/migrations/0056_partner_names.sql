CREATE TABLE "partner_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"identificador" text,
	"emp_codigo" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_names_one_name" CHECK (num_nonnulls("partner_names"."identificador", "partner_names"."emp_codigo") = 1)
);
--> statement-breakpoint
ALTER TABLE "partner_names" ADD CONSTRAINT "partner_names_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_names_identificador_key" ON "partner_names" USING btree ("identificador");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_names_emp_codigo_key" ON "partner_names" USING btree ("emp_codigo");--> statement-breakpoint
-- Every partner's current subdomain and company code, archived partners' too (decision 087): the names used before
-- this migration's renames are not known any more.
INSERT INTO "partner_names" ("partner_id", "identificador", "created_at")
  SELECT "id", "identificador", "created_at" FROM "partners";--> statement-breakpoint
INSERT INTO "partner_names" ("partner_id", "emp_codigo", "created_at")
  SELECT "id", "emp_codigo", "created_at" FROM "partners";
