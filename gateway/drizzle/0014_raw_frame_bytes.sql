ALTER TABLE "wdiov_raw_frame" ALTER COLUMN "hex" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wdiov_raw_frame" ADD COLUMN "frame" "bytea";--> statement-breakpoint
ALTER TABLE "wdiov_raw_frame" ADD CONSTRAINT "wdiov_raw_frame_has_frame" CHECK ("wdiov_raw_frame"."frame" IS NOT NULL OR "wdiov_raw_frame"."hex" IS NOT NULL);