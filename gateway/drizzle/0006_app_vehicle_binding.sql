CREATE TABLE "wdiov_app_vehicle_binding" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"team_vehicle_id" bigint NOT NULL,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_app_vehicle_binding_user_id_team_vehicle_id_uq" ON "wdiov_app_vehicle_binding" USING btree ("user_id","team_vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_app_vehicle_binding_tenant_id_team_vehicle_id_idx" ON "wdiov_app_vehicle_binding" USING btree ("tenant_id","team_vehicle_id");