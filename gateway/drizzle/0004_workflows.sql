CREATE TABLE "wdiov_workflow_trail" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"entity" varchar(64) NOT NULL,
	"record_id" bigint NOT NULL,
	"action" varchar(64) NOT NULL,
	"from_state" integer NOT NULL,
	"to_state" integer NOT NULL,
	"remark" varchar(500),
	"user_id" bigint NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wdiov_bill" ADD COLUMN "quantity" numeric(18, 3);--> statement-breakpoint
ALTER TABLE "wdiov_bill" ADD COLUMN "unit_price" numeric(18, 2);--> statement-breakpoint
CREATE INDEX "wdiov_workflow_trail_tenant_id_entity_record_id_idx" ON "wdiov_workflow_trail" USING btree ("tenant_id","entity","record_id");