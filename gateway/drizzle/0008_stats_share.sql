CREATE TABLE "wdiov_stats_share" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"remark" varchar(100)
);
--> statement-breakpoint
CREATE INDEX "wdiov_stats_share_tenant_id_idx" ON "wdiov_stats_share" USING btree ("tenant_id");