CREATE TABLE "wdiov_sso_flow" (
	"state" varchar(64) PRIMARY KEY NOT NULL,
	"provider_id" varchar(32) NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wdiov_sso_identity" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" bigint,
	"email" varchar(255),
	"name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wdiov_sso_provider" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(64) NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret_sealed" varchar(1000) NOT NULL,
	"redirect_uri" varchar(500) NOT NULL,
	"scopes" varchar(255) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wdiov_sso_flow_expires_at_idx" ON "wdiov_sso_flow" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_sso_identity_tenant_id_issuer_subject_uq" ON "wdiov_sso_identity" USING btree ("tenant_id","issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "wdiov_sso_provider_tenant_id_issuer_uq" ON "wdiov_sso_provider" USING btree ("tenant_id","issuer");