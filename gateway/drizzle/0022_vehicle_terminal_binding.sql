CREATE TABLE "wdiov_vehicle_terminal_binding" (
	"vehicle_id" bigint PRIMARY KEY NOT NULL,
	"vin" varchar(17) NOT NULL,
	"iccid" varchar(20) NOT NULL,
	"bound_at" timestamp with time zone NOT NULL
);
