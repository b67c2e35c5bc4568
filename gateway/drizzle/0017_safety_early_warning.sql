CREATE TABLE "wdiov_safety_warning" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vin" varchar(17),
	"plate_number" varchar(20),
	"item" varchar(3),
	"item_name" varchar(64),
	"level" integer,
	"raised_time" timestamp with time zone,
	"deadline" timestamp with time zone,
	"detail" varchar(255),
	"warning_status" integer,
	"handle_user" varchar(64),
	"handle_time" timestamp with time zone,
	"handle_action" varchar(500),
	"handle_result" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_safety_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"day" date NOT NULL,
	"frames" integer DEFAULT 0 NOT NULL,
	"insulation_low" integer DEFAULT 0 NOT NULL,
	"charge_samples" integer DEFAULT 0 NOT NULL,
	"charge_range_sq" double precision DEFAULT 0 NOT NULL,
	"sampling_faults" integer DEFAULT 0 NOT NULL,
	"c1_episodes" integer DEFAULT 0 NOT NULL,
	"c1_longest_s" double precision DEFAULT 0 NOT NULL,
	"c2_episodes" integer DEFAULT 0 NOT NULL,
	"c2_longest_s" double precision DEFAULT 0 NOT NULL,
	"c4_episodes" integer DEFAULT 0 NOT NULL,
	"c4_longest_s" double precision DEFAULT 0 NOT NULL,
	"c5_episodes" integer DEFAULT 0 NOT NULL,
	"c5_longest_s" double precision DEFAULT 0 NOT NULL,
	"last_time" timestamp with time zone,
	"last_soc" double precision,
	"off_since" timestamp with time zone,
	CONSTRAINT "wdiov_safety_daily_tenant_id_vin_day_pk" PRIMARY KEY("tenant_id","vin","day")
);
--> statement-breakpoint
CREATE INDEX "wdiov_safety_warning_tenant_id_idx" ON "wdiov_safety_warning" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_safety_warning_create_time_idx" ON "wdiov_safety_warning" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_safety_warning_vin_idx" ON "wdiov_safety_warning" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "wdiov_safety_warning_item_idx" ON "wdiov_safety_warning" USING btree ("item");--> statement-breakpoint
CREATE INDEX "wdiov_safety_warning_raised_time_idx" ON "wdiov_safety_warning" USING btree ("raised_time");