DROP INDEX "wdiov_vehicle_vin_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_vehicle_vin_uq" ON "wdiov_vehicle" USING btree ("vin") WHERE is_deleted = 0;