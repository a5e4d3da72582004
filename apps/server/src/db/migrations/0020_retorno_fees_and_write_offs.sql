CREATE TABLE "remessa_write_offs" (
	"charge_id" integer PRIMARY KEY NOT NULL,
	"cnab_file_id" integer NOT NULL,
	"linha" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retorno_results" ADD COLUMN "valor_tarifa" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "remessa_write_offs" ADD CONSTRAINT "remessa_write_offs_charge_id_remessa_charges_charge_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."remessa_charges"("charge_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessa_write_offs" ADD CONSTRAINT "remessa_write_offs_cnab_file_id_cnab_files_id_fk" FOREIGN KEY ("cnab_file_id") REFERENCES "public"."cnab_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remessa_write_offs_file" ON "remessa_write_offs" USING btree ("cnab_file_id");