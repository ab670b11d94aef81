CREATE TABLE "event_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"events" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
