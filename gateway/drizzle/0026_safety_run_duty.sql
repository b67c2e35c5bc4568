ALTER TABLE "wdiov_safety_daily" ADD COLUMN "c6_read_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wdiov_safety_daily" ADD COLUMN "c6_hot_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wdiov_safety_daily" ADD COLUMN "c7_read_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wdiov_safety_daily" ADD COLUMN "c7_hot_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wdiov_safety_daily" ADD COLUMN "c8_read_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wdiov_safety_daily" ADD COLUMN "c8_hot_s" double precision DEFAULT 0 NOT NULL;