CREATE TABLE "wdiov_stats_running" (
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"day" date NOT NULL,
	"online_days" integer DEFAULT 0 NOT NULL,
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
	CONSTRAINT "wdiov_stats_running_tenant_id_vin_day_pk" PRIMARY KEY("tenant_id","vin","day")
);
--> statement-breakpoint
CREATE TABLE "wdiov_stats_running_dirty" (
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "wdiov_stats_running_dirty_tenant_id_vin_pk" PRIMARY KEY("tenant_id","vin")
);
--> statement-breakpoint
CREATE INDEX "wdiov_stats_running_day_tenant_id_idx" ON "wdiov_stats_running" USING btree ("day","tenant_id");