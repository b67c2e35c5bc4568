CREATE TABLE "wdiov_forward_sent" (
	"id" bigint PRIMARY KEY NOT NULL,
	"forward_platform_id" bigint NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"frame_ids" bigint[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wdiov_forward_sent_forward_platform_id_confirmed_at_idx" ON "wdiov_forward_sent" USING btree ("forward_platform_id","confirmed_at");