CREATE TABLE "wdiov_log_operation" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"user_id" varchar(32),
	"entity_name" varchar(64),
	"record_id" varchar(64),
	"action" varchar(64),
	"changes" text,
	"method" varchar(10),
	"request_uri" varchar(255),
	"remote_ip" varchar(255),
	"service_id" varchar(32),
	"server_host" varchar(255),
	"env" varchar(32),
	"create_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wdiov_inbox_read" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"box" varchar(16) NOT NULL,
	"item_id" bigint NOT NULL,
	"read_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wdiov_log_operation_tenant_id_idx" ON "wdiov_log_operation" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_operation_entity_name_idx" ON "wdiov_log_operation" USING btree ("entity_name");--> statement-breakpoint
CREATE INDEX "wdiov_log_operation_create_time_idx" ON "wdiov_log_operation" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_inbox_read_user_id_box_item_id_uq" ON "wdiov_inbox_read" USING btree ("user_id","box","item_id");