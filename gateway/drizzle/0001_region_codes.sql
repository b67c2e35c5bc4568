ALTER TABLE "wdiov_electronic_fence" ADD COLUMN "region_code" varchar(12);--> statement-breakpoint
ALTER TABLE "wdiov_org" ADD COLUMN "region_code" varchar(12);--> statement-breakpoint
ALTER TABLE "wdiov_vehicle" ADD COLUMN "region_code" varchar(12);--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_region_code_idx" ON "wdiov_electronic_fence" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "wdiov_org_region_code_idx" ON "wdiov_org" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_region_code_idx" ON "wdiov_vehicle" USING btree ("region_code");