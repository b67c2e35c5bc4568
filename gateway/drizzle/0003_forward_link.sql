CREATE TABLE "wdiov_forward_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"forward_platform_id" bigint,
	"vehicle_id" bigint,
	"vin" varchar(17),
	"frames_sent" bigint,
	"realtime_sent" bigint,
	"reissue_sent" bigint,
	"frames_acked" bigint,
	"backlog_seconds" integer,
	"last_frame_time" timestamp with time zone,
	"last_send_time" timestamp with time zone,
	"last_error" varchar(255)
);
--> statement-breakpoint
ALTER TABLE "wdiov_forward_platform" ADD COLUMN "platform_code" varchar(17);--> statement-breakpoint
ALTER TABLE "wdiov_forward_platform" ADD COLUMN "link_state" integer;--> statement-breakpoint
ALTER TABLE "wdiov_forward_platform" ADD COLUMN "link_error" varchar(255);--> statement-breakpoint
ALTER TABLE "wdiov_forward_platform" ADD COLUMN "link_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "wdiov_forward_record_tenant_id_idx" ON "wdiov_forward_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_record_create_time_idx" ON "wdiov_forward_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_forward_record_forward_platform_id_idx" ON "wdiov_forward_record" USING btree ("forward_platform_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_record_vehicle_id_idx" ON "wdiov_forward_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_record_vin_idx" ON "wdiov_forward_record" USING btree ("vin");