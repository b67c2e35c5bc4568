CREATE TABLE "wdiov_stats_dirty_day" (
	"tenant_id" varchar(12) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "wdiov_stats_dirty_day_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "wdiov_stats_fleet_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" date NOT NULL,
	"create_dept" bigint NOT NULL,
	"create_user" bigint NOT NULL,
	"vehicle_days" integer DEFAULT 0 NOT NULL,
	"online_vehicles" integer DEFAULT 0 NOT NULL,
	"frames" bigint DEFAULT 0 NOT NULL,
	"mileage_km" double precision DEFAULT 0 NOT NULL,
	"energy_used_kwh" double precision DEFAULT 0 NOT NULL,
	"energy_charged_kwh" double precision DEFAULT 0 NOT NULL,
	"driving_s" double precision DEFAULT 0 NOT NULL,
	"charging_s" double precision DEFAULT 0 NOT NULL,
	"online_s" double precision DEFAULT 0 NOT NULL,
	"offline_s" double precision DEFAULT 0 NOT NULL,
	"invalid_count" bigint DEFAULT 0 NOT NULL,
	"abnormal_count" bigint DEFAULT 0 NOT NULL,
	"hop_count" bigint DEFAULT 0 NOT NULL,
	"hop_km" double precision DEFAULT 0 NOT NULL,
	"reset_count" bigint DEFAULT 0 NOT NULL,
	"alarm_l1" bigint DEFAULT 0 NOT NULL,
	"alarm_l2" bigint DEFAULT 0 NOT NULL,
	"alarm_l3" bigint DEFAULT 0 NOT NULL,
	"fault_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wdiov_stats_fleet_daily_tenant_id_day_create_dept_create_user_pk" PRIMARY KEY("tenant_id","day","create_dept","create_user")
);
--> statement-breakpoint
CREATE TABLE "wdiov_stats_member" (
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"create_dept" bigint NOT NULL,
	"create_user" bigint NOT NULL,
	CONSTRAINT "wdiov_stats_member_tenant_id_vin_pk" PRIMARY KEY("tenant_id","vin")
);
--> statement-breakpoint
DROP INDEX "wdiov_stats_daily_tenant_id_day_idx";--> statement-breakpoint
CREATE INDEX "wdiov_stats_daily_tenant_id_day_vin_idx" ON "wdiov_stats_daily" USING btree ("tenant_id","day" DESC NULLS LAST,"vin");