CREATE TABLE "wdiov_safety_model_escalation" (
	"tenant_id" varchar(12) NOT NULL,
	"vehicle_model_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ratio" double precision NOT NULL,
	"escalated_time" timestamp with time zone NOT NULL,
	CONSTRAINT "wdiov_safety_model_escalation_tenant_id_vehicle_model_id_kind_pk" PRIMARY KEY("tenant_id","vehicle_model_id","kind")
);
