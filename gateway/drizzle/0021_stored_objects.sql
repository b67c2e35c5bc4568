CREATE TABLE "wdiov_stored_object" (
	"name" varchar(48) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"store" varchar(24) NOT NULL,
	"object_key" varchar(120) NOT NULL,
	"size" bigint NOT NULL,
	"create_user" bigint NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "wdiov_stored_object_tenant_id_create_time_idx" ON "wdiov_stored_object" USING btree ("tenant_id","create_time");