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
CREATE INDEX "wdiov_client_create_time_idx" ON "wdiov_client" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_client_client_id_uq" ON "wdiov_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_dept_tenant_id_idx" ON "wdiov_dept" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_dept_parent_id_idx" ON "wdiov_dept" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_biz_tenant_id_idx" ON "wdiov_dict_biz" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_biz_parent_id_idx" ON "wdiov_dict_biz" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_dict_parent_id_idx" ON "wdiov_dict" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_menu_parent_id_idx" ON "wdiov_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_param_create_time_idx" ON "wdiov_param" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_param_param_key_uq" ON "wdiov_param" USING btree ("param_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_post_tenant_id_idx" ON "wdiov_post" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_post_create_time_idx" ON "wdiov_post" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_post_post_code_uq" ON "wdiov_post" USING btree ("tenant_id","post_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_role_tenant_id_idx" ON "wdiov_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_role_parent_id_idx" ON "wdiov_role" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_package_create_time_idx" ON "wdiov_tenant_package" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_create_time_idx" ON "wdiov_tenant" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_tenant_tenant_id_uq" ON "wdiov_tenant" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_tenant_package_id_idx" ON "wdiov_tenant" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "wdiov_tenant_datasource_id_idx" ON "wdiov_tenant" USING btree ("datasource_id");--> statement-breakpoint
CREATE INDEX "wdiov_user_tenant_id_idx" ON "wdiov_user" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wdiov_user_create_time_idx" ON "wdiov_user" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_user_account_uq" ON "wdiov_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wdiov_refresh_token_family_id_idx" ON "wdiov_refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "wdiov_refresh_token_user_id_idx" ON "wdiov_refresh_token" USING btree ("user_id");