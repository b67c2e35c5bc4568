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
CREATE INDEX "wdiov_scope_api_create_time_idx" ON "wdiov_scope_api" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_scope_api_menu_id_idx" ON "wdiov_scope_api" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "wdiov_attach_tenant_id_idx" ON "wdiov_attach" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_attach_create_time_idx" ON "wdiov_attach" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_client_create_time_idx" ON "wdiov_client" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_client_client_id_uq" ON "wdiov_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_code_model_id_idx" ON "wdiov_code" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "wdiov_scope_data_create_time_idx" ON "wdiov_scope_data" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_scope_data_menu_id_idx" ON "wdiov_scope_data" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "wdiov_datasource_create_time_idx" ON "wdiov_datasource" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_dept_tenant_id_idx" ON "wdiov_dept" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_dept_parent_id_idx" ON "wdiov_dept" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_biz_tenant_id_idx" ON "wdiov_dict_biz" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_biz_parent_id_idx" ON "wdiov_dict_biz" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_parent_id_idx" ON "wdiov_dict" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_export_record_tenant_id_idx" ON "wdiov_export_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_export_record_create_time_idx" ON "wdiov_export_record" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_log_api_tenant_id_idx" ON "wdiov_log_api" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_api_create_time_idx" ON "wdiov_log_api" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_log_error_tenant_id_idx" ON "wdiov_log_error" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_error_create_time_idx" ON "wdiov_log_error" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_log_usual_tenant_id_idx" ON "wdiov_log_usual" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_log_usual_create_time_idx" ON "wdiov_log_usual" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_menu_parent_id_idx" ON "wdiov_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_model_prototype_create_time_idx" ON "wdiov_model_prototype" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_model_prototype_model_id_idx" ON "wdiov_model_prototype" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "wdiov_model_create_time_idx" ON "wdiov_model" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_model_datasource_id_idx" ON "wdiov_model" USING btree ("datasource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_model_model_code_uq" ON "wdiov_model" USING btree ("model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_notice_tenant_id_idx" ON "wdiov_notice" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_notice_create_time_idx" ON "wdiov_notice" USING btree ("create_time");--> statement-breakpoint
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
CREATE INDEX "wdiov_role_tenant_id_idx" ON "wdiov_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_role_parent_id_idx" ON "wdiov_role" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_sms_tenant_id_idx" ON "wdiov_sms" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_sms_create_time_idx" ON "wdiov_sms" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_sms_sms_code_uq" ON "wdiov_sms" USING btree ("tenant_id","sms_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_tenant_package_create_time_idx" ON "wdiov_tenant_package" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_create_time_idx" ON "wdiov_tenant" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_tenant_tenant_id_uq" ON "wdiov_tenant" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_tenant_package_id_idx" ON "wdiov_tenant" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_datasource_id_idx" ON "wdiov_tenant" USING btree ("datasource_id");--> statement-breakpoint
CREATE INDEX "wdiov_top_menu_tenant_id_idx" ON "wdiov_top_menu" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_top_menu_create_time_idx" ON "wdiov_top_menu" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_user_tenant_id_idx" ON "wdiov_user" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_user_create_time_idx" ON "wdiov_user" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_user_account_uq" ON "wdiov_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_refresh_token_family_id_idx" ON "wdiov_refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "wdiov_refresh_token_user_id_idx" ON "wdiov_refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_role_menu_role_id_menu_id_uq" ON "wdiov_role_menu" USING btree ("role_id","menu_id");--> statement-breakpoint
CREATE INDEX "wdiov_role_menu_menu_id_idx" ON "wdiov_role_menu" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_role_scope_role_id_scope_id_uq" ON "wdiov_role_scope" USING btree ("role_id","scope_category","scope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_top_menu_setting_top_menu_id_menu_id_uq" ON "wdiov_top_menu_setting" USING btree ("top_menu_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_user_platform_user_id_user_type_uq" ON "wdiov_user_platform" USING btree ("user_id","user_type");