ALTER TABLE "wdiov_dispatch" ADD COLUMN "depart_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wdiov_dispatch" ADD COLUMN "depart_odometer" numeric(18, 1);--> statement-breakpoint
ALTER TABLE "wdiov_dispatch" ADD COLUMN "return_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wdiov_dispatch" ADD COLUMN "return_odometer" numeric(18, 1);