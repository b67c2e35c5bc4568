ALTER TABLE "wdiov_safety_daily" ADD COLUMN "last_lng" double precision;--> statement-breakpoint
ALTER TABLE "wdiov_safety_daily" ADD COLUMN "last_lat" double precision;