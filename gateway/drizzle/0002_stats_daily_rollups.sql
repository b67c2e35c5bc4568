CREATE TABLE "wdiov_stats_cursor" (
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"odometer_km" double precision,
	"odometer_ts" timestamp with time zone,
	"speed" double precision,
	"voltage" double precision,
	"current" double precision,
	"state" smallint,
	CONSTRAINT "wdiov_stats_cursor_tenant_id_vin_pk" PRIMARY KEY("tenant_id","vin")
);
--> statement-breakpoint
CREATE TABLE "wdiov_stats_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"day" date NOT NULL,
	"frames" integer DEFAULT 0 NOT NULL,
	"mileage_km" double precision DEFAULT 0 NOT NULL,
	"energy_used_kwh" double precision DEFAULT 0 NOT NULL,
	"energy_charged_kwh" double precision DEFAULT 0 NOT NULL,
	"driving_s" double precision DEFAULT 0 NOT NULL,
	"charging_s" double precision DEFAULT 0 NOT NULL,
	"online_s" double precision DEFAULT 0 NOT NULL,
	"offline_s" double precision DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"abnormal_count" integer DEFAULT 0 NOT NULL,
	"hop_count" integer DEFAULT 0 NOT NULL,
	"hop_km" double precision DEFAULT 0 NOT NULL,
	"reset_count" integer DEFAULT 0 NOT NULL,
	"alarm_l1" integer DEFAULT 0 NOT NULL,
	"alarm_l2" integer DEFAULT 0 NOT NULL,
	"alarm_l3" integer DEFAULT 0 NOT NULL,
	"fault_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wdiov_stats_daily_tenant_id_vin_day_pk" PRIMARY KEY("tenant_id","vin","day")
);
--> statement-breakpoint
CREATE TABLE "wdiov_stats_job" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wdiov_stats_daily_tenant_id_day_idx" ON "wdiov_stats_daily" USING btree ("tenant_id","day");