CREATE TABLE "wdiov_account" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"account_name" varchar(64),
	"account_type" integer,
	"account_no" varchar(32),
	"issuer" varchar(64),
	"holder_name" varchar(32),
	"org_id" bigint,
	"vehicle_id" bigint,
	"balance" numeric(18, 2),
	"expire_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_alarm_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"config_name" varchar(64),
	"org_id" bigint,
	"alarm_level" integer,
	"overspeed_kmh" integer,
	"overspeed_seconds" integer,
	"low_soc_percent" integer,
	"cell_spread_mv" integer,
	"max_temp_c" integer,
	"offline_minutes" integer,
	"is_enabled" smallint,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_alarm_handle_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"alarm_type" varchar(64),
	"alarm_name" varchar(64),
	"is_handle" smallint,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_alarm_handle_team" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"team_name" varchar(64),
	"team_type" integer,
	"level" integer,
	"alarm_type" varchar(64),
	"user_ids" varchar(2000),
	"bcd" varchar(32),
	"spn" integer,
	"fmi" integer,
	"field" varchar(64),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_scope_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"menu_id" bigint,
	"resource_code" varchar(255),
	"scope_name" varchar(255),
	"scope_path" varchar(255),
	"scope_type" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"link" varchar(1000),
	"domain_url" varchar(500),
	"name" varchar(500),
	"original_name" varchar(500),
	"extension" varchar(12),
	"attach_size" bigint
);
--> statement-breakpoint
CREATE TABLE "wdiov_battery_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_name" varchar(64),
	"model_code" varchar(32),
	"manufacturer" varchar(64),
	"chemistry" varchar(64),
	"rated_capacity_ah" numeric(18, 2),
	"rated_voltage_v" numeric(18, 2),
	"rated_energy_kwh" numeric(18, 2),
	"cell_count" integer,
	"probe_count" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_battery_pack" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"pack_code" varchar(32),
	"battery_model_id" bigint,
	"chemistry" varchar(64),
	"rated_capacity_ah" numeric(18, 2),
	"rated_voltage_v" numeric(18, 2),
	"cell_count" integer,
	"probe_count" integer,
	"manufacturer" varchar(64),
	"production_date" date,
	"soh_percent" numeric(18, 1),
	"battery_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_battery" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"battery_code" varchar(32),
	"battery_model_id" bigint,
	"battery_pack_id" bigint,
	"position_no" integer,
	"production_date" date,
	"soh_percent" numeric(18, 1),
	"battery_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_bill" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"bill_no" varchar(32),
	"bill_type" integer,
	"amount" numeric(18, 2),
	"bill_time" timestamp with time zone,
	"vehicle_id" bigint,
	"dispatch_id" bigint,
	"driver_id" bigint,
	"attachments" varchar(2000),
	"bill_status" integer,
	"audit_user_id" bigint,
	"audit_time" timestamp with time zone,
	"audit_opinion" varchar(255),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_bluetooth_terminal" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"mac_address" varchar(17),
	"device_name" varchar(64),
	"vehicle_id" bigint,
	"terminal_model_id" bigint,
	"firmware_version" varchar(32),
	"bind_time" timestamp with time zone,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_can_message_fault_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"ecu_id" bigint,
	"bcd" varchar(32),
	"spn" integer,
	"fmi" integer,
	"fault_name" varchar(128),
	"fault_level" integer,
	"description" varchar(1000),
	"solution" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_charge_fee" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"charge_station_id" bigint,
	"period_type" integer,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"electricity_price" numeric(18, 4),
	"service_price" numeric(18, 4),
	"effective_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_charge_pile" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"pile_code" varchar(32),
	"pile_name" varchar(64),
	"charge_station_id" bigint,
	"pile_type" integer,
	"rated_power_kw" numeric(18, 2),
	"gun_count" integer,
	"pile_status" integer,
	"manufacturer" varchar(64),
	"install_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_charge_station" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"station_name" varchar(64),
	"station_code" varchar(32),
	"station_type" integer,
	"operator_name" varchar(64),
	"address" varchar(255),
	"lng" numeric(18, 6),
	"lat" numeric(18, 6),
	"contact_phone" varchar(20),
	"open_hours" varchar(64),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_client" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"client_id" varchar(48),
	"client_secret" varchar(256),
	"resource_ids" varchar(256),
	"scope" varchar(256),
	"authorized_grant_types" varchar(256),
	"web_server_redirect_uri" varchar(256),
	"authorities" varchar(256),
	"access_token_validity" integer,
	"refresh_token_validity" integer,
	"additional_information" text,
	"autoapprove" varchar(256)
);
--> statement-breakpoint
CREATE TABLE "wdiov_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_id" bigint,
	"service_name" varchar(64),
	"code_name" varchar(64),
	"table_name" varchar(64),
	"table_prefix" varchar(64),
	"pk_name" varchar(32),
	"package_name" varchar(500),
	"api_path" varchar(2000),
	"web_path" varchar(2000),
	"author" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "wdiov_customer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"customer_name" varchar(64),
	"customer_type" integer,
	"contact_name" varchar(32),
	"contact_phone" varchar(20),
	"certificate_no" varchar(32),
	"distributor_id" bigint,
	"sales_region_id" bigint,
	"address" varchar(255),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_scope_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"menu_id" bigint,
	"resource_code" varchar(255),
	"scope_name" varchar(255),
	"scope_field" varchar(255),
	"scope_class" varchar(500),
	"scope_column" varchar(255),
	"scope_type" integer,
	"scope_value" varchar(2000),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_datasource" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"name" varchar(100),
	"driver_class" varchar(100),
	"url" varchar(500),
	"username" varchar(45),
	"password" varchar(45),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_dept" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"ancestors" varchar(2000),
	"dept_category" integer,
	"dept_name" varchar(45),
	"full_name" varchar(45),
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_dict_biz" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"code" varchar(255),
	"dict_key" varchar(255),
	"dict_value" varchar(255),
	"sort" integer,
	"remark" varchar(255),
	"is_sealed" integer
);
--> statement-breakpoint
CREATE TABLE "wdiov_dict" (
	"id" bigint PRIMARY KEY NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"code" varchar(255),
	"dict_key" varchar(255),
	"dict_value" varchar(255),
	"sort" integer,
	"remark" varchar(255),
	"is_sealed" integer
);
--> statement-breakpoint
CREATE TABLE "wdiov_dispatch" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"dispatch_no" varchar(32),
	"vehicle_id" bigint,
	"driver_id" bigint,
	"route_id" bigint,
	"org_id" bigint,
	"plan_start" timestamp with time zone,
	"plan_end" timestamp with time zone,
	"cargo_name" varchar(64),
	"cargo_weight_kg" numeric(18, 2),
	"dispatch_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_distributor" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"distributor_name" varchar(64),
	"distributor_code" varchar(32),
	"distributor_level" integer,
	"sales_region_id" bigint,
	"contact_name" varchar(32),
	"contact_phone" varchar(20),
	"address" varchar(255),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_driver" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"driver_name" varchar(32),
	"phone" varchar(20),
	"id_card_no" varchar(18),
	"license_type" varchar(64),
	"license_no" varchar(32),
	"license_expire_date" date,
	"qualification_cert_no" varchar(32),
	"org_id" bigint,
	"user_id" bigint,
	"hire_date" date,
	"driver_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_ecu_manage" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"ecu_name" varchar(64),
	"ecu_code" varchar(32),
	"ecu_protocol" integer,
	"source_address" integer,
	"request_can_id" varchar(10),
	"response_can_id" varchar(10),
	"supplier" varchar(64),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_electronic_fence" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"fence_name" varchar(64),
	"fence_type" integer,
	"geometry" jsonb,
	"alarm_on" integer,
	"speed_limit_kmh" integer,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"org_id" bigint,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_electronic_fence_vehicle" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"fence_id" bigint,
	"vehicle_id" bigint,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_export_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"file_name" varchar(255),
	"resource" varchar(255),
	"format" varchar(8),
	"row_count" integer,
	"link" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_fence_access_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vin" varchar(17),
	"plate_number" varchar(20),
	"fence_id" bigint,
	"fence_name" varchar(64),
	"access_type" integer,
	"access_time" timestamp with time zone,
	"speed" numeric(18, 1),
	"lng" numeric(18, 6),
	"lat" numeric(18, 6)
);
--> statement-breakpoint
CREATE TABLE "wdiov_forward_blacklist" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"forward_platform_id" bigint,
	"reason" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_forward_platform" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"platform_name" varchar(64),
	"platform_type" integer,
	"host" varchar(128),
	"port" integer,
	"protocol" integer,
	"username" varchar(12),
	"password" varchar(20),
	"encryption" integer,
	"forward_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_forward_platform_vehicle" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"forward_platform_id" bigint,
	"vehicle_id" bigint,
	"start_date" date,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_instruct_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"instruct_type" integer,
	"content" jsonb,
	"issue_time" timestamp with time zone,
	"instruct_status" integer,
	"response_time" timestamp with time zone,
	"response_data" jsonb,
	"fail_reason" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_log_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(32),
	"method" varchar(10),
	"request_uri" varchar(255),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone,
	"type" varchar(2),
	"title" varchar(255),
	"http_status" integer,
	"time" integer
);
--> statement-breakpoint
CREATE TABLE "wdiov_log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(32),
	"method" varchar(10),
	"request_uri" varchar(255),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone,
	"stack_trace" text,
	"exception_name" varchar(255),
	"message" varchar(4000),
	"line_number" integer,
	"file_name" varchar(1000),
	"method_name" varchar(255),
	"source" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "wdiov_log_usual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(32),
	"method" varchar(10),
	"request_uri" varchar(255),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone,
	"log_level" varchar(10),
	"log_id" varchar(100),
	"log_data" text
);
--> statement-breakpoint
CREATE TABLE "wdiov_logistics_driver" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"driver_name" varchar(32),
	"phone" varchar(20),
	"id_card_no" varchar(18),
	"enterprise_id" bigint,
	"license_type" varchar(64),
	"qualification_cert_no" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_logistics_enterprise" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"enterprise_name" varchar(64),
	"credit_code" varchar(18),
	"transport_license_no" varchar(32),
	"contact_name" varchar(32),
	"contact_phone" varchar(20),
	"address" varchar(255),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_logistics_insurance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"policy_no" varchar(64),
	"insurance_type" integer,
	"insurer" varchar(64),
	"enterprise_id" bigint,
	"insured_amount" numeric(18, 2),
	"premium" numeric(18, 2),
	"start_date" date,
	"end_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_logistics_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"transfer_no" varchar(32),
	"vehicle_id" bigint,
	"enterprise_id" bigint,
	"driver_id" bigint,
	"insurance_id" bigint,
	"carrier_plate" varchar(16),
	"from_storage_id" bigint,
	"from_address" varchar(255),
	"to_storage_id" bigint,
	"to_address" varchar(255),
	"depart_time" timestamp with time zone,
	"arrive_time" timestamp with time zone,
	"transfer_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_maintain_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"maintain_type" integer,
	"maintain_rule_id" bigint,
	"maintain_date" date,
	"mileage_km" numeric(18, 1),
	"service_station_id" bigint,
	"maintain_items" varchar(1000),
	"cost" numeric(18, 2),
	"next_maintain_date" date,
	"next_maintain_mileage_km" numeric(18, 1),
	"handler_name" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_maintain_rule" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"rule_name" varchar(64),
	"vehicle_model_id" bigint,
	"maintain_type" integer,
	"interval_km" integer,
	"interval_days" integer,
	"remind_before_km" integer,
	"remind_before_days" integer,
	"maintain_items" varchar(1000),
	"is_enabled" smallint,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"code" varchar(255),
	"name" varchar(255),
	"alias" varchar(255),
	"path" varchar(255),
	"source" varchar(255),
	"sort" integer,
	"category" integer,
	"action" integer,
	"is_open" integer,
	"component" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_model_prototype" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_id" bigint,
	"jdbc_name" varchar(255),
	"jdbc_type" varchar(64),
	"comment" varchar(255),
	"property_type" varchar(32),
	"property_name" varchar(255),
	"is_list" smallint,
	"is_form" smallint,
	"is_row" smallint,
	"component_type" varchar(32),
	"dict_code" varchar(64),
	"is_required" smallint,
	"is_query" smallint,
	"query_type" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "wdiov_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"datasource_id" bigint,
	"model_name" varchar(255),
	"model_code" varchar(255),
	"model_table" varchar(255),
	"model_class" varchar(255),
	"model_remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_motor_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_name" varchar(64),
	"model_code" varchar(32),
	"manufacturer" varchar(64),
	"motor_type" integer,
	"rated_power_kw" numeric(18, 2),
	"peak_power_kw" numeric(18, 2),
	"rated_torque_nm" numeric(18, 2),
	"peak_torque_nm" numeric(18, 2),
	"max_speed_rpm" integer,
	"rated_voltage_v" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_motor" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"motor_no" varchar(32),
	"motor_model_id" bigint,
	"vehicle_id" bigint,
	"motor_seq" integer,
	"production_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_movement_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"from_storage_id" bigint,
	"from_area_id" bigint,
	"to_storage_id" bigint,
	"to_area_id" bigint,
	"move_time" timestamp with time zone,
	"handler_name" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(255),
	"category" integer,
	"release_time" timestamp with time zone,
	"content" varchar(2000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_operate_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"operate_type" integer,
	"operate_time" timestamp with time zone,
	"storage_id" bigint,
	"handler_name" varchar(32),
	"content" varchar(1000),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_org" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"ancestors" varchar(2000),
	"org_name" varchar(64),
	"org_code" varchar(32),
	"org_category" integer,
	"contact_name" varchar(32),
	"contact_phone" varchar(20),
	"address" varchar(255),
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category" integer,
	"oss_code" varchar(32),
	"endpoint" varchar(255),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"bucket_name" varchar(255),
	"app_id" varchar(255),
	"region" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_param" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"param_name" varchar(255),
	"param_key" varchar(255),
	"param_value" varchar(2000),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_post" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category" integer,
	"post_code" varchar(12),
	"post_name" varchar(64),
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_region" (
	"id" bigint PRIMARY KEY NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"code" varchar(12),
	"parent_code" varchar(12),
	"ancestors" varchar(255),
	"name" varchar(32),
	"province_code" varchar(12),
	"province_name" varchar(32),
	"city_code" varchar(12),
	"city_name" varchar(32),
	"district_code" varchar(12),
	"district_name" varchar(32),
	"region_level" integer,
	"lng" numeric(18, 6),
	"lat" numeric(18, 6),
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_repair_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"repair_type" integer,
	"repair_status" integer,
	"fault_time" timestamp with time zone,
	"fault_description" varchar(1000),
	"driver_id" bigint,
	"service_station_id" bigint,
	"repair_date" date,
	"finish_date" date,
	"repair_content" varchar(1000),
	"mileage_km" numeric(18, 1),
	"cost" numeric(18, 2),
	"handler_name" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_report_auto_send" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"report_name" varchar(64),
	"report_type" integer,
	"send_cycle" integer,
	"send_time" varchar(5),
	"receiver_emails" varchar(1000),
	"receiver_user_ids" varchar(2000),
	"org_id" bigint,
	"is_enabled" smallint,
	"last_send_time" timestamp with time zone,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_role" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"role_name" varchar(255),
	"role_alias" varchar(255),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "wdiov_route" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"route_name" varchar(64),
	"start_address" varchar(255),
	"start_lng" numeric(18, 6),
	"start_lat" numeric(18, 6),
	"end_address" varchar(255),
	"end_lng" numeric(18, 6),
	"end_lat" numeric(18, 6),
	"waypoints" jsonb,
	"distance_km" numeric(18, 1),
	"estimated_minutes" integer,
	"org_id" bigint,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_sales_region" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"ancestors" varchar(2000),
	"region_name" varchar(64),
	"region_code" varchar(32),
	"manager_name" varchar(32),
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_service_station" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"station_name" varchar(64),
	"station_code" varchar(32),
	"station_type" integer,
	"province_id" bigint,
	"city_id" bigint,
	"district_id" bigint,
	"address" varchar(255),
	"lng" numeric(18, 6),
	"lat" numeric(18, 6),
	"contact_name" varchar(32),
	"contact_phone" varchar(20),
	"business_hours" varchar(64),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category" integer,
	"sms_code" varchar(32),
	"template_id" varchar(64),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"region_id" varchar(255),
	"sign_name" varchar(64),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_storage_area" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"storage_id" bigint,
	"area_name" varchar(64),
	"area_code" varchar(32),
	"capacity" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_storage_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"record_type" integer,
	"storage_id" bigint,
	"storage_area_id" bigint,
	"record_time" timestamp with time zone,
	"handler_name" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_storage" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"storage_name" varchar(64),
	"storage_code" varchar(32),
	"storage_type" integer,
	"capacity" integer,
	"address" varchar(255),
	"lng" numeric(18, 6),
	"lat" numeric(18, 6),
	"manager_name" varchar(32),
	"contact_phone" varchar(20),
	"org_id" bigint,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_team_vehicle" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"org_id" bigint,
	"driver_id" bigint,
	"usage" integer,
	"team_vehicle_status" integer,
	"load_capacity_kg" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_tenant_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"package_name" varchar(50),
	"menu_id" varchar(2000),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"tenant_id" varchar(12),
	"tenant_name" varchar(50),
	"domain_url" varchar(255),
	"background_url" varchar(1000),
	"linkman" varchar(20),
	"contact_number" varchar(20),
	"address" varchar(255),
	"account_number" integer,
	"expire_time" timestamp with time zone,
	"package_id" bigint,
	"datasource_id" bigint,
	"license_key" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_terminal_change" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"change_type" integer,
	"old_terminal_id" bigint,
	"new_terminal_id" bigint,
	"change_time" timestamp with time zone,
	"handler_name" varchar(32),
	"reason" varchar(255),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_terminal_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_name" varchar(64),
	"model_code" varchar(32),
	"manufacturer" varchar(64),
	"category" integer,
	"protocol" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_terminal" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"terminal_no" varchar(32),
	"imei" varchar(15),
	"iccid" varchar(20),
	"sim_no" varchar(13),
	"protocol" integer,
	"terminal_model_id" bigint,
	"firmware_version" varchar(32),
	"hardware_version" varchar(32),
	"terminal_status" integer,
	"install_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_top_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"code" varchar(255),
	"name" varchar(255),
	"source" varchar(255),
	"path" varchar(255),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "wdiov_trailer_vehicle" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"trailer_plate" varchar(16),
	"trailer_vin" varchar(17),
	"trailer_type" integer,
	"tractor_vehicle_id" bigint,
	"org_id" bigint,
	"load_capacity_kg" integer,
	"axle_count" integer,
	"register_date" date,
	"annual_inspection_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_uds_diagnose_fault_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"dtc" varchar(8),
	"ecu_id" bigint,
	"fault_name" varchar(128),
	"fault_level" integer,
	"description" varchar(1000),
	"solution" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"code" varchar(12),
	"user_type" integer,
	"account" varchar(45),
	"password" varchar(255),
	"name" varchar(20),
	"real_name" varchar(20),
	"avatar" varchar(500),
	"email" varchar(45),
	"phone" varchar(45),
	"birthday" date,
	"sex" integer,
	"role_id" varchar(2000),
	"dept_id" varchar(2000),
	"post_id" varchar(2000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_vehicle_alarm_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vin" varchar(17),
	"plate_number" varchar(20),
	"alarm_type" varchar(64),
	"alarm_name" varchar(64),
	"alarm_level" integer,
	"source" varchar(16),
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"duration" integer,
	"speed" numeric(18, 1),
	"lng" numeric(18, 6),
	"lat" numeric(18, 6),
	"is_handle" smallint,
	"handle_user" varchar(64),
	"handle_time" timestamp with time zone,
	"handle_remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_vehicle_fault_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vin" varchar(17),
	"plate_number" varchar(20),
	"category" varchar(16),
	"fault_code" varchar(32),
	"fault_name" varchar(128),
	"spn" integer,
	"fmi" integer,
	"fault_level" integer,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"duration" integer,
	"is_handle" smallint,
	"handle_user" varchar(64),
	"handle_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wdiov_vehicle_model_ecu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_model_id" bigint,
	"ecu_id" bigint,
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wdiov_vehicle_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_name" varchar(64),
	"model_code" varchar(32),
	"brand" varchar(32),
	"manufacturer" varchar(64),
	"announcement_no" varchar(32),
	"vehicle_type" integer,
	"energy_type" integer,
	"motor_model_id" bigint,
	"battery_model_id" bigint,
	"curb_weight_kg" integer,
	"total_mass_kg" integer,
	"max_speed_kmh" integer,
	"range_km" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_vehicle_pm" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"pm_status" integer,
	"storage_id" bigint,
	"storage_area_id" bigint,
	"inbound_date" date,
	"distributor_id" bigint,
	"customer_id" bigint,
	"sales_date" date,
	"delivery_date" date,
	"sales_price" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_vehicle_remark" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vehicle_id" bigint,
	"remark_type" integer,
	"content" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_vehicle" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"vin" varchar(17),
	"plate_number" varchar(16),
	"vehicle_model_id" bigint,
	"terminal_id" bigint,
	"org_id" bigint,
	"customer_id" bigint,
	"distributor_id" bigint,
	"sales_region_id" bigint,
	"battery_pack_id" bigint,
	"energy_type" integer,
	"vehicle_status" integer,
	"purpose" integer,
	"engine_no" varchar(32),
	"motor_no" varchar(32),
	"color" varchar(16),
	"production_date" date,
	"register_date" date,
	"insurance_expire_date" date,
	"annual_inspection_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_wit_cockpit_terminal" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"device_sn" varchar(64),
	"vehicle_id" bigint,
	"terminal_model_id" bigint,
	"system_version" varchar(32),
	"app_version" varchar(32),
	"activate_time" timestamp with time zone,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "wdiov_captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wdiov_login_failure" (
	"tenant_account" varchar(80) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wdiov_refresh_token" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"family_id" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wdiov_revoked_token" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "wdiov_role_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wdiov_role_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"scope_category" integer NOT NULL,
	"scope_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wdiov_top_menu_setting" (
	"id" bigint PRIMARY KEY NOT NULL,
	"top_menu_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wdiov_user_platform" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"user_type" integer NOT NULL,
	"user_ext" varchar(2000)
);
--> statement-breakpoint
CREATE TABLE "wdiov_position" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"speed" double precision,
	"soc" double precision,
	"mileage" double precision,
	"voltage" double precision,
	"current" double precision,
	"heading" smallint,
	"state" smallint,
	"alarm_level" smallint,
	"reissue" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wdiov_raw_frame" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"command" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"hex" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wdiov_account_tenant_id_idx" ON "wdiov_account" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_account_create_time_idx" ON "wdiov_account" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_account_account_no_uq" ON "wdiov_account" USING btree ("tenant_id","account_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_account_org_id_idx" ON "wdiov_account" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_account_vehicle_id_idx" ON "wdiov_account" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_alarm_config_tenant_id_idx" ON "wdiov_alarm_config" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_alarm_config_create_time_idx" ON "wdiov_alarm_config" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_alarm_config_org_id_idx" ON "wdiov_alarm_config" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_alarm_handle_config_tenant_id_idx" ON "wdiov_alarm_handle_config" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_alarm_handle_config_create_time_idx" ON "wdiov_alarm_handle_config" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_alarm_handle_config_alarm_type_uq" ON "wdiov_alarm_handle_config" USING btree ("tenant_id","alarm_type") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_alarm_handle_team_tenant_id_idx" ON "wdiov_alarm_handle_team" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_alarm_handle_team_create_time_idx" ON "wdiov_alarm_handle_team" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_scope_api_create_time_idx" ON "wdiov_scope_api" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_scope_api_menu_id_idx" ON "wdiov_scope_api" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "wdiov_attach_tenant_id_idx" ON "wdiov_attach" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_attach_create_time_idx" ON "wdiov_attach" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_battery_model_tenant_id_idx" ON "wdiov_battery_model" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_battery_model_create_time_idx" ON "wdiov_battery_model" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_battery_model_model_code_uq" ON "wdiov_battery_model" USING btree ("tenant_id","model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_battery_pack_tenant_id_idx" ON "wdiov_battery_pack" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_battery_pack_create_time_idx" ON "wdiov_battery_pack" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_battery_pack_pack_code_uq" ON "wdiov_battery_pack" USING btree ("tenant_id","pack_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_battery_pack_battery_model_id_idx" ON "wdiov_battery_pack" USING btree ("battery_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_battery_tenant_id_idx" ON "wdiov_battery" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_battery_create_time_idx" ON "wdiov_battery" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_battery_battery_code_uq" ON "wdiov_battery" USING btree ("tenant_id","battery_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_battery_battery_model_id_idx" ON "wdiov_battery" USING btree ("battery_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_battery_battery_pack_id_idx" ON "wdiov_battery" USING btree ("battery_pack_id");--> statement-breakpoint
CREATE INDEX "wdiov_bill_tenant_id_idx" ON "wdiov_bill" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_bill_create_time_idx" ON "wdiov_bill" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_bill_bill_no_uq" ON "wdiov_bill" USING btree ("tenant_id","bill_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_bill_vehicle_id_idx" ON "wdiov_bill" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_bill_dispatch_id_idx" ON "wdiov_bill" USING btree ("dispatch_id");--> statement-breakpoint
CREATE INDEX "wdiov_bill_driver_id_idx" ON "wdiov_bill" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "wdiov_bill_audit_user_id_idx" ON "wdiov_bill" USING btree ("audit_user_id");--> statement-breakpoint
CREATE INDEX "wdiov_bluetooth_terminal_tenant_id_idx" ON "wdiov_bluetooth_terminal" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_bluetooth_terminal_create_time_idx" ON "wdiov_bluetooth_terminal" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_bluetooth_terminal_mac_address_uq" ON "wdiov_bluetooth_terminal" USING btree ("tenant_id","mac_address") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_bluetooth_terminal_vehicle_id_idx" ON "wdiov_bluetooth_terminal" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_bluetooth_terminal_terminal_model_id_idx" ON "wdiov_bluetooth_terminal" USING btree ("terminal_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_can_message_fault_code_tenant_id_idx" ON "wdiov_can_message_fault_code" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_can_message_fault_code_create_time_idx" ON "wdiov_can_message_fault_code" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_can_message_fault_code_ecu_id_idx" ON "wdiov_can_message_fault_code" USING btree ("ecu_id");--> statement-breakpoint
CREATE INDEX "wdiov_charge_fee_tenant_id_idx" ON "wdiov_charge_fee" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_charge_fee_create_time_idx" ON "wdiov_charge_fee" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_charge_fee_charge_station_id_idx" ON "wdiov_charge_fee" USING btree ("charge_station_id");--> statement-breakpoint
CREATE INDEX "wdiov_charge_pile_tenant_id_idx" ON "wdiov_charge_pile" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_charge_pile_create_time_idx" ON "wdiov_charge_pile" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_charge_pile_pile_code_uq" ON "wdiov_charge_pile" USING btree ("tenant_id","pile_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_charge_pile_charge_station_id_idx" ON "wdiov_charge_pile" USING btree ("charge_station_id");--> statement-breakpoint
CREATE INDEX "wdiov_charge_station_tenant_id_idx" ON "wdiov_charge_station" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_charge_station_create_time_idx" ON "wdiov_charge_station" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_charge_station_station_code_uq" ON "wdiov_charge_station" USING btree ("tenant_id","station_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_client_create_time_idx" ON "wdiov_client" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_client_client_id_uq" ON "wdiov_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_code_model_id_idx" ON "wdiov_code" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "wdiov_customer_tenant_id_idx" ON "wdiov_customer" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_customer_create_time_idx" ON "wdiov_customer" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_customer_distributor_id_idx" ON "wdiov_customer" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "wdiov_customer_sales_region_id_idx" ON "wdiov_customer" USING btree ("sales_region_id");--> statement-breakpoint
CREATE INDEX "wdiov_scope_data_create_time_idx" ON "wdiov_scope_data" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_scope_data_menu_id_idx" ON "wdiov_scope_data" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "wdiov_datasource_create_time_idx" ON "wdiov_datasource" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_dept_tenant_id_idx" ON "wdiov_dept" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_dept_parent_id_idx" ON "wdiov_dept" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_biz_tenant_id_idx" ON "wdiov_dict_biz" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_biz_parent_id_idx" ON "wdiov_dict_biz" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_parent_id_idx" ON "wdiov_dict" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_dispatch_tenant_id_idx" ON "wdiov_dispatch" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_dispatch_create_time_idx" ON "wdiov_dispatch" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_dispatch_dispatch_no_uq" ON "wdiov_dispatch" USING btree ("tenant_id","dispatch_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_dispatch_vehicle_id_idx" ON "wdiov_dispatch" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_dispatch_driver_id_idx" ON "wdiov_dispatch" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "wdiov_dispatch_route_id_idx" ON "wdiov_dispatch" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "wdiov_dispatch_org_id_idx" ON "wdiov_dispatch" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_distributor_tenant_id_idx" ON "wdiov_distributor" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_distributor_create_time_idx" ON "wdiov_distributor" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_distributor_distributor_code_uq" ON "wdiov_distributor" USING btree ("tenant_id","distributor_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_distributor_sales_region_id_idx" ON "wdiov_distributor" USING btree ("sales_region_id");--> statement-breakpoint
CREATE INDEX "wdiov_driver_tenant_id_idx" ON "wdiov_driver" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_driver_create_time_idx" ON "wdiov_driver" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_driver_id_card_no_idx" ON "wdiov_driver" USING btree ("id_card_no");--> statement-breakpoint
CREATE INDEX "wdiov_driver_org_id_idx" ON "wdiov_driver" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_driver_user_id_idx" ON "wdiov_driver" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wdiov_ecu_manage_tenant_id_idx" ON "wdiov_ecu_manage" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_ecu_manage_create_time_idx" ON "wdiov_ecu_manage" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_ecu_manage_ecu_code_uq" ON "wdiov_ecu_manage" USING btree ("tenant_id","ecu_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_tenant_id_idx" ON "wdiov_electronic_fence" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_create_time_idx" ON "wdiov_electronic_fence" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_org_id_idx" ON "wdiov_electronic_fence" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_vehicle_tenant_id_idx" ON "wdiov_electronic_fence_vehicle" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_vehicle_create_time_idx" ON "wdiov_electronic_fence_vehicle" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_vehicle_fence_id_idx" ON "wdiov_electronic_fence_vehicle" USING btree ("fence_id");--> statement-breakpoint
CREATE INDEX "wdiov_electronic_fence_vehicle_vehicle_id_idx" ON "wdiov_electronic_fence_vehicle" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_export_record_tenant_id_idx" ON "wdiov_export_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_export_record_create_time_idx" ON "wdiov_export_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_fence_access_record_tenant_id_idx" ON "wdiov_fence_access_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_fence_access_record_create_time_idx" ON "wdiov_fence_access_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_fence_access_record_vin_idx" ON "wdiov_fence_access_record" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "wdiov_fence_access_record_access_time_idx" ON "wdiov_fence_access_record" USING btree ("access_time");--> statement-breakpoint
CREATE INDEX "wdiov_forward_blacklist_tenant_id_idx" ON "wdiov_forward_blacklist" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_blacklist_create_time_idx" ON "wdiov_forward_blacklist" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_forward_blacklist_vehicle_id_idx" ON "wdiov_forward_blacklist" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_blacklist_forward_platform_id_idx" ON "wdiov_forward_blacklist" USING btree ("forward_platform_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_platform_tenant_id_idx" ON "wdiov_forward_platform" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_platform_create_time_idx" ON "wdiov_forward_platform" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_forward_platform_vehicle_tenant_id_idx" ON "wdiov_forward_platform_vehicle" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_platform_vehicle_create_time_idx" ON "wdiov_forward_platform_vehicle" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_forward_platform_vehicle_forward_platform_id_idx" ON "wdiov_forward_platform_vehicle" USING btree ("forward_platform_id");--> statement-breakpoint
CREATE INDEX "wdiov_forward_platform_vehicle_vehicle_id_idx" ON "wdiov_forward_platform_vehicle" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_instruct_record_tenant_id_idx" ON "wdiov_instruct_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_instruct_record_create_time_idx" ON "wdiov_instruct_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_instruct_record_vehicle_id_idx" ON "wdiov_instruct_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_api_tenant_id_idx" ON "wdiov_log_api" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_api_create_time_idx" ON "wdiov_log_api" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_log_error_tenant_id_idx" ON "wdiov_log_error" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_error_create_time_idx" ON "wdiov_log_error" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_log_usual_tenant_id_idx" ON "wdiov_log_usual" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_usual_create_time_idx" ON "wdiov_log_usual" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_driver_tenant_id_idx" ON "wdiov_logistics_driver" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_driver_create_time_idx" ON "wdiov_logistics_driver" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_driver_id_card_no_idx" ON "wdiov_logistics_driver" USING btree ("id_card_no");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_driver_enterprise_id_idx" ON "wdiov_logistics_driver" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_enterprise_tenant_id_idx" ON "wdiov_logistics_enterprise" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_enterprise_create_time_idx" ON "wdiov_logistics_enterprise" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_logistics_enterprise_credit_code_uq" ON "wdiov_logistics_enterprise" USING btree ("tenant_id","credit_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_logistics_insurance_tenant_id_idx" ON "wdiov_logistics_insurance" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_insurance_create_time_idx" ON "wdiov_logistics_insurance" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_logistics_insurance_policy_no_uq" ON "wdiov_logistics_insurance" USING btree ("tenant_id","policy_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_logistics_insurance_enterprise_id_idx" ON "wdiov_logistics_insurance" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_tenant_id_idx" ON "wdiov_logistics_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_create_time_idx" ON "wdiov_logistics_record" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_logistics_record_transfer_no_uq" ON "wdiov_logistics_record" USING btree ("tenant_id","transfer_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_vehicle_id_idx" ON "wdiov_logistics_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_enterprise_id_idx" ON "wdiov_logistics_record" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_driver_id_idx" ON "wdiov_logistics_record" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_insurance_id_idx" ON "wdiov_logistics_record" USING btree ("insurance_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_from_storage_id_idx" ON "wdiov_logistics_record" USING btree ("from_storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_logistics_record_to_storage_id_idx" ON "wdiov_logistics_record" USING btree ("to_storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_record_tenant_id_idx" ON "wdiov_maintain_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_record_create_time_idx" ON "wdiov_maintain_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_record_vehicle_id_idx" ON "wdiov_maintain_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_record_maintain_rule_id_idx" ON "wdiov_maintain_record" USING btree ("maintain_rule_id");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_record_service_station_id_idx" ON "wdiov_maintain_record" USING btree ("service_station_id");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_rule_tenant_id_idx" ON "wdiov_maintain_rule" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_rule_create_time_idx" ON "wdiov_maintain_rule" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_maintain_rule_vehicle_model_id_idx" ON "wdiov_maintain_rule" USING btree ("vehicle_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_menu_parent_id_idx" ON "wdiov_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_model_prototype_create_time_idx" ON "wdiov_model_prototype" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_model_prototype_model_id_idx" ON "wdiov_model_prototype" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "wdiov_model_create_time_idx" ON "wdiov_model" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_model_datasource_id_idx" ON "wdiov_model" USING btree ("datasource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_model_model_code_uq" ON "wdiov_model" USING btree ("model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_motor_model_tenant_id_idx" ON "wdiov_motor_model" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_motor_model_create_time_idx" ON "wdiov_motor_model" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_motor_model_model_code_uq" ON "wdiov_motor_model" USING btree ("tenant_id","model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_motor_tenant_id_idx" ON "wdiov_motor" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_motor_create_time_idx" ON "wdiov_motor" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_motor_motor_no_uq" ON "wdiov_motor" USING btree ("tenant_id","motor_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_motor_motor_model_id_idx" ON "wdiov_motor" USING btree ("motor_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_motor_vehicle_id_idx" ON "wdiov_motor" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_movement_record_tenant_id_idx" ON "wdiov_movement_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_movement_record_create_time_idx" ON "wdiov_movement_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_movement_record_vehicle_id_idx" ON "wdiov_movement_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_movement_record_from_storage_id_idx" ON "wdiov_movement_record" USING btree ("from_storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_movement_record_from_area_id_idx" ON "wdiov_movement_record" USING btree ("from_area_id");--> statement-breakpoint
CREATE INDEX "wdiov_movement_record_to_storage_id_idx" ON "wdiov_movement_record" USING btree ("to_storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_movement_record_to_area_id_idx" ON "wdiov_movement_record" USING btree ("to_area_id");--> statement-breakpoint
CREATE INDEX "wdiov_notice_tenant_id_idx" ON "wdiov_notice" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_notice_create_time_idx" ON "wdiov_notice" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_operate_record_tenant_id_idx" ON "wdiov_operate_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_operate_record_create_time_idx" ON "wdiov_operate_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_operate_record_vehicle_id_idx" ON "wdiov_operate_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_operate_record_storage_id_idx" ON "wdiov_operate_record" USING btree ("storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_org_tenant_id_idx" ON "wdiov_org" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_org_create_time_idx" ON "wdiov_org" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_org_parent_id_idx" ON "wdiov_org" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_oss_tenant_id_idx" ON "wdiov_oss" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_oss_create_time_idx" ON "wdiov_oss" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_oss_oss_code_uq" ON "wdiov_oss" USING btree ("tenant_id","oss_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_param_create_time_idx" ON "wdiov_param" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_param_param_key_uq" ON "wdiov_param" USING btree ("param_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_post_tenant_id_idx" ON "wdiov_post" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_post_create_time_idx" ON "wdiov_post" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_post_post_code_uq" ON "wdiov_post" USING btree ("tenant_id","post_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_region_code_uq" ON "wdiov_region" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_region_parent_code_idx" ON "wdiov_region" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "wdiov_repair_record_tenant_id_idx" ON "wdiov_repair_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_repair_record_create_time_idx" ON "wdiov_repair_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_repair_record_vehicle_id_idx" ON "wdiov_repair_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_repair_record_driver_id_idx" ON "wdiov_repair_record" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "wdiov_repair_record_service_station_id_idx" ON "wdiov_repair_record" USING btree ("service_station_id");--> statement-breakpoint
CREATE INDEX "wdiov_report_auto_send_tenant_id_idx" ON "wdiov_report_auto_send" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_report_auto_send_create_time_idx" ON "wdiov_report_auto_send" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_report_auto_send_org_id_idx" ON "wdiov_report_auto_send" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_role_tenant_id_idx" ON "wdiov_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_role_parent_id_idx" ON "wdiov_role" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_route_tenant_id_idx" ON "wdiov_route" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_route_create_time_idx" ON "wdiov_route" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_route_org_id_idx" ON "wdiov_route" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_sales_region_tenant_id_idx" ON "wdiov_sales_region" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_sales_region_create_time_idx" ON "wdiov_sales_region" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_sales_region_parent_id_idx" ON "wdiov_sales_region" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_sales_region_region_code_uq" ON "wdiov_sales_region" USING btree ("tenant_id","region_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_service_station_tenant_id_idx" ON "wdiov_service_station" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_service_station_create_time_idx" ON "wdiov_service_station" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_service_station_station_code_uq" ON "wdiov_service_station" USING btree ("tenant_id","station_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_service_station_province_id_idx" ON "wdiov_service_station" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "wdiov_service_station_city_id_idx" ON "wdiov_service_station" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "wdiov_service_station_district_id_idx" ON "wdiov_service_station" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "wdiov_sms_tenant_id_idx" ON "wdiov_sms" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_sms_create_time_idx" ON "wdiov_sms" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_sms_sms_code_uq" ON "wdiov_sms" USING btree ("tenant_id","sms_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_storage_area_tenant_id_idx" ON "wdiov_storage_area" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_storage_area_create_time_idx" ON "wdiov_storage_area" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_storage_area_storage_id_idx" ON "wdiov_storage_area" USING btree ("storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_storage_record_tenant_id_idx" ON "wdiov_storage_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_storage_record_create_time_idx" ON "wdiov_storage_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_storage_record_vehicle_id_idx" ON "wdiov_storage_record" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_storage_record_storage_id_idx" ON "wdiov_storage_record" USING btree ("storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_storage_record_storage_area_id_idx" ON "wdiov_storage_record" USING btree ("storage_area_id");--> statement-breakpoint
CREATE INDEX "wdiov_storage_tenant_id_idx" ON "wdiov_storage" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_storage_create_time_idx" ON "wdiov_storage" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_storage_storage_code_uq" ON "wdiov_storage" USING btree ("tenant_id","storage_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_storage_org_id_idx" ON "wdiov_storage" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_team_vehicle_tenant_id_idx" ON "wdiov_team_vehicle" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_team_vehicle_create_time_idx" ON "wdiov_team_vehicle" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_team_vehicle_vehicle_id_uq" ON "wdiov_team_vehicle" USING btree ("tenant_id","vehicle_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_team_vehicle_org_id_idx" ON "wdiov_team_vehicle" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_team_vehicle_driver_id_idx" ON "wdiov_team_vehicle" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_package_create_time_idx" ON "wdiov_tenant_package" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_create_time_idx" ON "wdiov_tenant" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_tenant_tenant_id_uq" ON "wdiov_tenant" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_tenant_package_id_idx" ON "wdiov_tenant" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_datasource_id_idx" ON "wdiov_tenant" USING btree ("datasource_id");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_change_tenant_id_idx" ON "wdiov_terminal_change" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_change_create_time_idx" ON "wdiov_terminal_change" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_change_vehicle_id_idx" ON "wdiov_terminal_change" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_change_old_terminal_id_idx" ON "wdiov_terminal_change" USING btree ("old_terminal_id");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_change_new_terminal_id_idx" ON "wdiov_terminal_change" USING btree ("new_terminal_id");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_model_tenant_id_idx" ON "wdiov_terminal_model" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_model_create_time_idx" ON "wdiov_terminal_model" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_terminal_model_model_code_uq" ON "wdiov_terminal_model" USING btree ("tenant_id","model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_terminal_tenant_id_idx" ON "wdiov_terminal" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_create_time_idx" ON "wdiov_terminal" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_terminal_terminal_no_uq" ON "wdiov_terminal" USING btree ("tenant_id","terminal_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_terminal_imei_uq" ON "wdiov_terminal" USING btree ("tenant_id","imei") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_terminal_iccid_uq" ON "wdiov_terminal" USING btree ("tenant_id","iccid") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_terminal_sim_no_idx" ON "wdiov_terminal" USING btree ("sim_no");--> statement-breakpoint
CREATE INDEX "wdiov_terminal_terminal_model_id_idx" ON "wdiov_terminal" USING btree ("terminal_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_top_menu_tenant_id_idx" ON "wdiov_top_menu" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_top_menu_create_time_idx" ON "wdiov_top_menu" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_trailer_vehicle_tenant_id_idx" ON "wdiov_trailer_vehicle" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_trailer_vehicle_create_time_idx" ON "wdiov_trailer_vehicle" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_trailer_vehicle_trailer_plate_uq" ON "wdiov_trailer_vehicle" USING btree ("tenant_id","trailer_plate") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_trailer_vehicle_tractor_vehicle_id_idx" ON "wdiov_trailer_vehicle" USING btree ("tractor_vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_trailer_vehicle_org_id_idx" ON "wdiov_trailer_vehicle" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_uds_diagnose_fault_code_tenant_id_idx" ON "wdiov_uds_diagnose_fault_code" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_uds_diagnose_fault_code_create_time_idx" ON "wdiov_uds_diagnose_fault_code" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_uds_diagnose_fault_code_dtc_idx" ON "wdiov_uds_diagnose_fault_code" USING btree ("dtc");--> statement-breakpoint
CREATE INDEX "wdiov_uds_diagnose_fault_code_ecu_id_idx" ON "wdiov_uds_diagnose_fault_code" USING btree ("ecu_id");--> statement-breakpoint
CREATE INDEX "wdiov_user_tenant_id_idx" ON "wdiov_user" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_user_create_time_idx" ON "wdiov_user" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_user_account_uq" ON "wdiov_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_user_real_name_idx" ON "wdiov_user" USING btree ("real_name");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_alarm_data_tenant_id_idx" ON "wdiov_vehicle_alarm_data" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_alarm_data_create_time_idx" ON "wdiov_vehicle_alarm_data" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_alarm_data_vin_idx" ON "wdiov_vehicle_alarm_data" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_alarm_data_alarm_type_idx" ON "wdiov_vehicle_alarm_data" USING btree ("alarm_type");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_alarm_data_start_time_idx" ON "wdiov_vehicle_alarm_data" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_fault_data_tenant_id_idx" ON "wdiov_vehicle_fault_data" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_fault_data_create_time_idx" ON "wdiov_vehicle_fault_data" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_fault_data_vin_idx" ON "wdiov_vehicle_fault_data" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_fault_data_start_time_idx" ON "wdiov_vehicle_fault_data" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_ecu_tenant_id_idx" ON "wdiov_vehicle_model_ecu" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_ecu_create_time_idx" ON "wdiov_vehicle_model_ecu" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_ecu_vehicle_model_id_idx" ON "wdiov_vehicle_model_ecu" USING btree ("vehicle_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_ecu_ecu_id_idx" ON "wdiov_vehicle_model_ecu" USING btree ("ecu_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_tenant_id_idx" ON "wdiov_vehicle_model" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_create_time_idx" ON "wdiov_vehicle_model" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_vehicle_model_model_code_uq" ON "wdiov_vehicle_model" USING btree ("tenant_id","model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_motor_model_id_idx" ON "wdiov_vehicle_model" USING btree ("motor_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_model_battery_model_id_idx" ON "wdiov_vehicle_model" USING btree ("battery_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_pm_tenant_id_idx" ON "wdiov_vehicle_pm" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_pm_create_time_idx" ON "wdiov_vehicle_pm" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_vehicle_pm_vehicle_id_uq" ON "wdiov_vehicle_pm" USING btree ("tenant_id","vehicle_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_pm_storage_id_idx" ON "wdiov_vehicle_pm" USING btree ("storage_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_pm_storage_area_id_idx" ON "wdiov_vehicle_pm" USING btree ("storage_area_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_pm_distributor_id_idx" ON "wdiov_vehicle_pm" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_pm_customer_id_idx" ON "wdiov_vehicle_pm" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_remark_tenant_id_idx" ON "wdiov_vehicle_remark" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_remark_create_time_idx" ON "wdiov_vehicle_remark" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_remark_vehicle_id_idx" ON "wdiov_vehicle_remark" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_tenant_id_idx" ON "wdiov_vehicle" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_create_time_idx" ON "wdiov_vehicle" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_vehicle_vin_uq" ON "wdiov_vehicle" USING btree ("tenant_id","vin") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_plate_number_idx" ON "wdiov_vehicle" USING btree ("plate_number");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_vehicle_model_id_idx" ON "wdiov_vehicle" USING btree ("vehicle_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_terminal_id_idx" ON "wdiov_vehicle" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_org_id_idx" ON "wdiov_vehicle" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_customer_id_idx" ON "wdiov_vehicle" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_distributor_id_idx" ON "wdiov_vehicle" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_sales_region_id_idx" ON "wdiov_vehicle" USING btree ("sales_region_id");--> statement-breakpoint
CREATE INDEX "wdiov_vehicle_battery_pack_id_idx" ON "wdiov_vehicle" USING btree ("battery_pack_id");--> statement-breakpoint
CREATE INDEX "wdiov_wit_cockpit_terminal_tenant_id_idx" ON "wdiov_wit_cockpit_terminal" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_wit_cockpit_terminal_create_time_idx" ON "wdiov_wit_cockpit_terminal" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_wit_cockpit_terminal_device_sn_uq" ON "wdiov_wit_cockpit_terminal" USING btree ("tenant_id","device_sn") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_wit_cockpit_terminal_vehicle_id_idx" ON "wdiov_wit_cockpit_terminal" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wdiov_wit_cockpit_terminal_terminal_model_id_idx" ON "wdiov_wit_cockpit_terminal" USING btree ("terminal_model_id");--> statement-breakpoint
CREATE INDEX "wdiov_refresh_token_family_id_idx" ON "wdiov_refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "wdiov_refresh_token_user_id_idx" ON "wdiov_refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_role_menu_role_id_menu_id_uq" ON "wdiov_role_menu" USING btree ("role_id","menu_id");--> statement-breakpoint
CREATE INDEX "wdiov_role_menu_menu_id_idx" ON "wdiov_role_menu" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_role_scope_role_id_scope_id_uq" ON "wdiov_role_scope" USING btree ("role_id","scope_category","scope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_top_menu_setting_top_menu_id_menu_id_uq" ON "wdiov_top_menu_setting" USING btree ("top_menu_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_user_platform_user_id_user_type_uq" ON "wdiov_user_platform" USING btree ("user_id","user_type");--> statement-breakpoint
CREATE INDEX "wdiov_position_tenant_id_vin_ts_idx" ON "wdiov_position" USING btree ("tenant_id","vin","ts");--> statement-breakpoint
CREATE INDEX "wdiov_raw_frame_tenant_id_vin_received_at_idx" ON "wdiov_raw_frame" USING btree ("tenant_id","vin","received_at");