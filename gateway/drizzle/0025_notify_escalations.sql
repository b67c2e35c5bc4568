CREATE TABLE "wdiov_notify_escalation" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"alarm_id" varchar(128) NOT NULL,
	"stage" integer NOT NULL,
	"event" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wdiov_notify_escalation_due_at_idx" ON "wdiov_notify_escalation" USING btree ("due_at");