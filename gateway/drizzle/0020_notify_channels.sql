CREATE TABLE "wdiov_notify_channel" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"channel_name" varchar(64),
	"channel_type" varchar(64),
	"target" varchar(500),
	"sms_provider" varchar(64),
	"access_key" varchar(128),
	"secret" varchar(1500),
	"has_secret" smallint,
	"sign_name" varchar(64),
	"template_code" varchar(64),
	"sms_app_id" varchar(32),
	"language" varchar(64),
	"channel_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_notify_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"alarm_id" varchar(128),
	"car_plate" varchar(32),
	"alarm_name" varchar(200),
	"team_id" bigint,
	"channel_id" bigint,
	"channel_type" varchar(64),
	"recipient" varchar(500),
	"send_status" integer,
	"attempts" integer,
	"last_error" varchar(500),
	"next_time" timestamp with time zone,
	"sent_time" timestamp with time zone,
	"delivery_key" varchar(64),
	"message" jsonb
);
--> statement-breakpoint
ALTER TABLE "wdiov_alarm_handle_team" ADD COLUMN "channel_ids" varchar(2000);--> statement-breakpoint
ALTER TABLE "wdiov_alarm_handle_team" ADD COLUMN "escalate_minutes" integer;--> statement-breakpoint
CREATE INDEX "wdiov_notify_channel_tenant_id_idx" ON "wdiov_notify_channel" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_notify_channel_create_time_idx" ON "wdiov_notify_channel" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_notify_record_tenant_id_idx" ON "wdiov_notify_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_notify_record_create_time_idx" ON "wdiov_notify_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_notify_record_alarm_id_idx" ON "wdiov_notify_record" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "wdiov_notify_record_team_id_idx" ON "wdiov_notify_record" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "wdiov_notify_record_channel_id_idx" ON "wdiov_notify_record" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "wdiov_notify_record_next_time_idx" ON "wdiov_notify_record" USING btree ("next_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_notify_record_delivery_key_uq" ON "wdiov_notify_record" USING btree ("tenant_id","delivery_key") WHERE is_deleted = 0;