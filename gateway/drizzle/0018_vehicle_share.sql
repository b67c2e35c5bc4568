CREATE TABLE "wdiov_vehicle_share" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"vin" varchar(17) NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"remark" varchar(100)
);
--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_share_tenant_id_vehicle_id_idx" ON "wdiov_vehicle_share" USING btree ("tenant_id","vehicle_id");