ALTER TABLE "wdiov_forward_platform" ADD COLUMN "encryption_key" varchar(4000);--> statement-breakpoint
ALTER TABLE "wdiov_forward_platform" ADD COLUMN "frame_rate" integer;--> statement-breakpoint
ALTER TABLE "wdiov_forward_platform" ADD COLUMN "link_backlog" integer;