CREATE TABLE "wdiov_persisted_batch" (
	"id" bigint PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
